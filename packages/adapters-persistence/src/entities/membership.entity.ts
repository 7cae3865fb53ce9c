import { MembershipStatus, Role } from '@idv/core';
import { EntitySchema } from '@mikro-orm/core';
import type { OrganizationRow } from './organization.entity.js';
import { MILLISECOND_TIMESTAMP } from './timestamp-columns.js';
import type { UserRow } from './user.entity.js';

/** A `memberships` row as the ORM sees it. */
export interface MembershipRow {
  id: string;
  organization: OrganizationRow;
  /** Null while the membership is `invited` and no user has claimed it yet. */
  user: UserRow | null;
  role: Role;
  status: MembershipStatus;
  /** The invitee's address for rows an invitation created (normalised); reads prefer the user's own. */
  email: string | null;
  createdAt: Date;
  updatedAt: Date;
  validUntil: Date | null;
}

/** The name of the partial unique index allowing one live (not cancelled) row per organization and user. */
export const MEMBERSHIPS_ONE_LIVE_PER_USER = 'memberships_one_live_per_user';
/**
 * The name of the partial unique index allowing one live (not cancelled) owner per organization.
 * It replaced `memberships_one_owner_per_org`, which also counted cancelled owners.
 */
export const MEMBERSHIPS_ONE_OWNER_PER_ORG = 'memberships_one_live_owner_per_org';

/** The `memberships` table: a user's (or an invitee's) place in an organization, with its history of cancelled rows. */
export const MembershipSchema = new EntitySchema<MembershipRow>({
  name: 'Membership',
  tableName: 'memberships',
  properties: {
    id: { type: 'uuid', primary: true },
    organization: { kind: 'm:1', entity: 'Organization', fieldName: 'organization_id', deleteRule: 'cascade' },
    user: { kind: 'm:1', entity: 'User', fieldName: 'user_id', nullable: true },
    role: { enum: true, items: Object.keys(Role.keys) },
    status: { enum: true, items: Object.keys(MembershipStatus.keys) },
    email: { type: 'text', nullable: true },
    createdAt: { ...MILLISECOND_TIMESTAMP, fieldName: 'created_at', defaultRaw: 'now()' },
    updatedAt: { ...MILLISECOND_TIMESTAMP, fieldName: 'updated_at', defaultRaw: 'now()' },
    // A purchased month or year plan's end (paid-at plus the period); null for every other membership.
    validUntil: { ...MILLISECOND_TIMESTAMP, fieldName: 'valid_until', nullable: true },
  },
  indexes: [
    // listForUser and cancelAllForUser look rows up by user.
    { name: 'memberships_user_id_index', properties: ['user'] },
    // The roster pages on (created_at, id) within one organization.
    { name: 'memberships_roster_index', properties: ['organization', 'createdAt', 'id'] },
  ],
  uniques: [
    // A cancelled member may be invited again, so only live rows count.
    {
      name: MEMBERSHIPS_ONE_LIVE_PER_USER,
      expression: `create unique index "${MEMBERSHIPS_ONE_LIVE_PER_USER}" on "memberships" ("organization_id", "user_id") where "status" <> 'cancelled'`,
    },
    {
      name: MEMBERSHIPS_ONE_OWNER_PER_ORG,
      expression: `create unique index "${MEMBERSHIPS_ONE_OWNER_PER_ORG}" on "memberships" ("organization_id") where "role" = 'owner' and "status" <> 'cancelled'`,
    },
  ],
});
