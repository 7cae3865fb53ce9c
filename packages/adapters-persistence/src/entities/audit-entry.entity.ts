import { AuditAction, AuditTargetType } from '@idv/core';
import { EntitySchema } from '@mikro-orm/core';
import type { OrganizationRow } from './organization.entity.js';
import { MILLISECOND_TIMESTAMP } from './timestamp-columns.js';
import type { UserRow } from './user.entity.js';

/** An `audit_entries` row as the ORM sees it. */
export interface AuditEntryRow {
  id: string;
  organization: OrganizationRow;
  action: AuditAction;
  actor: UserRow | null;
  targetType: AuditTargetType;
  targetId: string;
  before: object | null;
  after: object | null;
  createdAt: Date;
}

/** The `audit_entries` table: an organization's append-only trail, kept when the organization is (soft-)deleted. */
export const AuditEntrySchema = new EntitySchema<AuditEntryRow>({
  name: 'AuditEntry',
  tableName: 'audit_entries',
  properties: {
    id: { type: 'uuid', primary: true },
    organization: { kind: 'm:1', entity: 'Organization', fieldName: 'organization_id', deleteRule: 'restrict' },
    action: { enum: true, items: Object.keys(AuditAction.keys) },
    actor: { kind: 'm:1', entity: 'User', fieldName: 'actor_user_id', nullable: true },
    targetType: { enum: true, items: Object.keys(AuditTargetType.keys), fieldName: 'target_type' },
    targetId: { type: 'text', fieldName: 'target_id' },
    before: { type: 'json', columnType: 'jsonb', nullable: true },
    after: { type: 'json', columnType: 'jsonb', nullable: true },
    createdAt: { ...MILLISECOND_TIMESTAMP, fieldName: 'created_at', defaultRaw: 'now()' },
  },
  // The trail pages newest first on (created_at, id) within one organization.
  indexes: [{ name: 'audit_entries_trail_index', properties: ['organization', 'createdAt', 'id'] }],
});
