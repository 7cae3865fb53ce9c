import { Email, InvitationId, InvitationStatus, MembershipId, OrganizationId, RevokedReason, Role, UserId, type Invitation } from '@idv/core';
import type { DateParser } from './column-values.js';
import { decodeColumn, decodeNullable, requireDate, Text } from './decode-column.js';

/** An `invitations` row as raw SQL returns it. */
export interface InvitationRecord {
  readonly id: unknown;
  readonly organization_id: unknown;
  readonly membership_id: unknown;
  readonly email: unknown;
  readonly role: unknown;
  readonly status: unknown;
  readonly token_hash: unknown;
  readonly provider_invitation_id: unknown;
  readonly invited_by: unknown;
  readonly expires_at: unknown;
  readonly created_at: unknown;
  readonly updated_at: unknown;
  readonly revoked_reason: unknown;
}

/** Decodes an `invitations` row into the core `Invitation`. */
export const invitationToDomain = (row: InvitationRecord, parseDate: DateParser): Invitation => ({
  id: decodeColumn(InvitationId, row.id, 'invitations.id'),
  organizationId: decodeColumn(OrganizationId, row.organization_id, 'invitations.organization_id'),
  membershipId: decodeColumn(MembershipId, row.membership_id, 'invitations.membership_id'),
  email: decodeColumn(Email, row.email, 'invitations.email'),
  role: decodeColumn(Role, row.role, 'invitations.role'),
  status: decodeColumn(InvitationStatus, row.status, 'invitations.status'),
  tokenHash: decodeColumn(Text, row.token_hash, 'invitations.token_hash'),
  providerInvitationId: decodeNullable(Text, row.provider_invitation_id, 'invitations.provider_invitation_id'),
  invitedBy: decodeColumn(UserId, row.invited_by, 'invitations.invited_by'),
  expiresAt: requireDate(row.expires_at, parseDate, 'invitations.expires_at'),
  createdAt: requireDate(row.created_at, parseDate, 'invitations.created_at'),
  updatedAt: requireDate(row.updated_at, parseDate, 'invitations.updated_at'),
  revokedReason: decodeNullable(RevokedReason, row.revoked_reason, 'invitations.revoked_reason'),
});

/** The `invitations` columns of a core `Invitation`, in the order the insert lists them. */
export const invitationToRow = (invitation: Invitation): readonly unknown[] => [
  invitation.id,
  invitation.organizationId,
  invitation.membershipId,
  invitation.email,
  invitation.role,
  invitation.status,
  invitation.tokenHash,
  invitation.providerInvitationId,
  invitation.invitedBy,
  invitation.expiresAt,
  invitation.createdAt,
  invitation.updatedAt,
  invitation.revokedReason,
];
