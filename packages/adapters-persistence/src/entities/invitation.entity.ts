import { InvitationStatus, RevokedReason, Role } from '@idv/core';
import { EntitySchema } from '@mikro-orm/core';
import type { MembershipRow } from './membership.entity.js';
import type { OrganizationRow } from './organization.entity.js';
import { MILLISECOND_TIMESTAMP } from './timestamp-columns.js';
import type { UserRow } from './user.entity.js';

/** An `invitations` row as the ORM sees it. */
export interface InvitationRow {
  id: string;
  organization: OrganizationRow;
  membership: MembershipRow;
  /** Normalised (lower-case) by the core `Email` codec. */
  email: string;
  role: Role;
  status: InvitationStatus;
  tokenHash: string;
  providerInvitationId: string | null;
  invitedBy: UserRow;
  expiresAt: Date;
  createdAt: Date;
  updatedAt: Date;
  revokedReason: RevokedReason | null;
}

/** The name of the partial unique index allowing one pending invitation per organization and email. */
export const INVITATIONS_ONE_PENDING_PER_EMAIL = 'invitations_one_pending_per_email';

/** The `invitations` table: `pending`, then accepted, revoked or expired (terminal). */
export const InvitationSchema = new EntitySchema<InvitationRow>({
  name: 'Invitation',
  tableName: 'invitations',
  properties: {
    id: { type: 'uuid', primary: true },
    organization: { kind: 'm:1', entity: 'Organization', fieldName: 'organization_id', deleteRule: 'cascade' },
    membership: { kind: 'm:1', entity: 'Membership', fieldName: 'membership_id', deleteRule: 'cascade' },
    email: { type: 'text' },
    role: { enum: true, items: Object.keys(Role.keys) },
    status: { enum: true, items: Object.keys(InvitationStatus.keys) },
    tokenHash: { type: 'text', fieldName: 'token_hash' },
    providerInvitationId: { type: 'text', fieldName: 'provider_invitation_id', nullable: true },
    invitedBy: { kind: 'm:1', entity: 'User', fieldName: 'invited_by' },
    expiresAt: { ...MILLISECOND_TIMESTAMP, fieldName: 'expires_at' },
    createdAt: { ...MILLISECOND_TIMESTAMP, fieldName: 'created_at', defaultRaw: 'now()' },
    updatedAt: { ...MILLISECOND_TIMESTAMP, fieldName: 'updated_at', defaultRaw: 'now()' },
    revokedReason: { enum: true, items: Object.keys(RevokedReason.keys), fieldName: 'revoked_reason', nullable: true },
  },
  indexes: [
    // An organization's list pages on (created_at, id).
    { name: 'invitations_organization_index', properties: ['organization', 'createdAt', 'id'] },
    // acceptPendingInvitations looks up every pending invitation for an address.
    {
      name: 'invitations_pending_email_index',
      expression: `create index "invitations_pending_email_index" on "invitations" (lower("email")) where "status" = 'pending'`,
    },
  ],
  uniques: [
    {
      name: INVITATIONS_ONE_PENDING_PER_EMAIL,
      expression: `create unique index "${INVITATIONS_ONE_PENDING_PER_EMAIL}" on "invitations" ("organization_id", lower("email")) where "status" = 'pending'`,
    },
  ],
});
