import { EntitySchema } from '@mikro-orm/core';
import type { OrganizationRow } from './organization.entity.js';
import type { UserRow } from './user.entity.js';

/** A `memberships` row as the ORM sees it. */
export interface MembershipRow {
  id: string;
  organization: OrganizationRow;
  /** Null while the membership is `invited` and no user has claimed it yet. */
  user: UserRow | null;
  role: 'owner' | 'admin' | 'coach' | 'member';
  status: 'active' | 'invited' | 'pending_invitation' | 'suspended' | 'cancelled';
  createdAt: Date;
  updatedAt: Date;
}

/** The name of the unique constraint on `(organization_id, user_id)`. */
export const MEMBERSHIPS_ORG_USER_UNIQUE = 'memberships_organization_id_user_id_unique';
/** The name of the partial unique index allowing one owner per organization. */
export const MEMBERSHIPS_ONE_OWNER_PER_ORG = 'memberships_one_owner_per_org';

/** The `memberships` table: one row per user and organization. */
export const MembershipSchema = new EntitySchema<MembershipRow>({
  name: 'Membership',
  tableName: 'memberships',
  properties: {
    id: { type: 'uuid', primary: true },
    organization: { kind: 'm:1', entity: 'Organization', fieldName: 'organization_id', deleteRule: 'cascade' },
    user: { kind: 'm:1', entity: 'User', fieldName: 'user_id', nullable: true },
    role: { enum: true, items: ['owner', 'admin', 'coach', 'member'] },
    status: { enum: true, items: ['active', 'invited', 'pending_invitation', 'suspended', 'cancelled'] },
    createdAt: { type: 'datetime', columnType: 'timestamptz', fieldName: 'created_at', defaultRaw: 'now()' },
    updatedAt: { type: 'datetime', columnType: 'timestamptz', fieldName: 'updated_at', defaultRaw: 'now()' },
  },
  // listForUser and cancelAllForUser look rows up by user.
  indexes: [{ name: 'memberships_user_id_index', properties: ['user'] }],
  uniques: [
    { name: MEMBERSHIPS_ORG_USER_UNIQUE, properties: ['organization', 'user'] },
    {
      name: MEMBERSHIPS_ONE_OWNER_PER_ORG,
      expression: `create unique index "memberships_one_owner_per_org" on "memberships" ("organization_id") where "role" = 'owner'`,
    },
  ],
});
