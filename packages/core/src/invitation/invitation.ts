import * as t from 'io-ts';
import type { Email } from '../identity/email.js';
import type { UserId } from '../identity/identifiers.js';
import type { MembershipId, Role } from '../membership/membership.js';
import type { OrganizationId } from '../organization/organization.js';
import { isUuid } from '../shared/uuid.js';
import { UUID_SCHEMA, withJsonSchema } from '../shared/json-schema.js';

/** Brand of `InvitationId`. */
export interface InvitationIdBrand {
  readonly InvitationId: unique symbol;
}
/** The local id of an invitation (a UUID). */
export const InvitationId = withJsonSchema(
  t.brand(t.string, (s): s is t.Branded<string, InvitationIdBrand> => isUuid(s), 'InvitationId'),
  UUID_SCHEMA,
);
/** The local id of an invitation. */
export type InvitationId = t.TypeOf<typeof InvitationId>;

/** Invitation statuses (spec `invitationStatus`): `pending` then one of the three terminal ones. */
export const InvitationStatus = t.keyof({ pending: null, accepted: null, revoked: null, expired: null }, 'InvitationStatus');
/** An invitation status. */
export type InvitationStatus = t.TypeOf<typeof InvitationStatus>;

/** Why an invitation was revoked: by an owner/admin (`revoked`) or by the invitee (`declined`). */
export const RevokedReason = t.keyof({ revoked: null, declined: null }, 'RevokedReason');
/** Why an invitation was revoked. */
export type RevokedReason = t.TypeOf<typeof RevokedReason>;

/** An invitation to join an organization with a role. */
export interface Invitation {
  readonly id: InvitationId;
  readonly organizationId: OrganizationId;
  readonly email: Email;
  readonly role: Role;
  readonly status: InvitationStatus;
  /** The `invited` or `pending_invitation` membership created with it. */
  readonly membershipId: MembershipId;
  /** The hash of the current token (the token itself is never stored). */
  readonly tokenHash: string;
  /** The provider invitation of path 1; null on path 2. */
  readonly providerInvitationId: string | null;
  readonly invitedBy: UserId;
  readonly expiresAt: Date;
  readonly createdAt: Date;
  readonly updatedAt: Date;
  /** Set when the status is `revoked`. */
  readonly revokedReason: RevokedReason | null;
}

/** The default lifetime of an invitation (`INVITATION_TTL_DAYS`). */
export const DEFAULT_INVITATION_TTL_DAYS = 7;

/** When an invitation issued at `now` expires. */
export const expiryFrom = (now: Date, ttlDays: number): Date => new Date(now.getTime() + ttlDays * 86_400_000);

/** Whether an invitation is past its expiry while still pending (treated as expired on every read). */
export const isExpired = (invitation: Invitation, now: Date): boolean =>
  invitation.status === 'expired' || (invitation.status === 'pending' && invitation.expiresAt.getTime() <= now.getTime());

/** Whether an invitation can be accepted now by the holder of `email` (compared case-insensitively: `Email` is normalised). */
export const isAcceptable = (invitation: Invitation, email: Email, now: Date): boolean =>
  invitation.status === 'pending' && !isExpired(invitation, now) && invitation.email === email;

/** An invitation as listed: everything but the token hash. */
export type InvitationView = Omit<Invitation, 'tokenHash'>;

/** Drops the token hash before an invitation leaves the core. */
export const toInvitationView = ({ tokenHash: _tokenHash, ...view }: Invitation): InvitationView => view;
