import type { Email } from '../identity/email.js';
import type { UserId } from '../identity/identifiers.js';
import type { User } from '../identity/user.js';
import type { Membership, MembershipId, Role } from '../membership/membership.js';
import type { OrganizationId } from '../organization/organization.js';
import type { IdGenerator } from '../shared/id-generator.js';
import { expiryFrom, type Invitation, type InvitationId } from './invitation.js';

/** What an invitation is made of: who invites whom, to which organization, with which role. */
export interface InvitedPlaceInput {
  readonly organizationId: OrganizationId;
  readonly email: Email;
  readonly role: Role;
  /** The live user holding `email` verified (path 2, accepted in the app), or null (path 1, the sign-up accepts it). */
  readonly account: User | null;
  readonly invitationId: InvitationId;
  readonly tokenHash: string;
  readonly invitedBy: UserId;
  readonly at: Date;
  readonly invitationTtlDays: number;
  /** The end of a paid period, when the place is bought. */
  readonly validUntil?: Date | null;
}

/**
 * The two rows of a new invitation, not yet stored: the membership (`pending_invitation` for an
 * account, `invited` otherwise) and its pending invitation, expiring after the configured days.
 *
 * @example
 * const { membership, invitation } = invitedPlace(deps.ids, { organizationId, email, role, account, … });
 */
export const invitedPlace = (
  ids: IdGenerator,
  input: InvitedPlaceInput,
): { readonly membership: Membership; readonly invitation: Invitation } => {
  const membership: Membership = {
    id: ids.uuid() as MembershipId,
    organizationId: input.organizationId,
    userId: input.account?.id ?? null,
    role: input.role,
    status: input.account === null ? 'invited' : 'pending_invitation',
    email: input.email,
    createdAt: input.at,
    updatedAt: input.at,
    ...(input.validUntil === undefined || input.validUntil === null ? {} : { validUntil: input.validUntil }),
  };
  const invitation: Invitation = {
    id: input.invitationId,
    organizationId: input.organizationId,
    email: input.email,
    role: input.role,
    status: 'pending',
    membershipId: membership.id,
    tokenHash: input.tokenHash,
    providerInvitationId: null,
    invitedBy: input.invitedBy,
    expiresAt: expiryFrom(input.at, input.invitationTtlDays),
    createdAt: input.at,
    updatedAt: input.at,
    revokedReason: null,
  };
  return { membership, invitation };
};
