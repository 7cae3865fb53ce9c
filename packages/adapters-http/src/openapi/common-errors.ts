import type { ErrorCode } from '../errors/error-status.js';

/** What resolving the caller's membership in `:orgId` can answer (ARCHITECTURE §3): not a member 404, no capability 403. */
export const AUTHORIZATION_ERRORS: readonly ErrorCode[] = ['OrganizationNotFound', 'Forbidden'];

/** What a membership change can answer besides authorization. */
export const MEMBERSHIP_CHANGE_ERRORS: readonly ErrorCode[] = [
  ...AUTHORIZATION_ERRORS,
  'MembershipNotFound',
  'OwnerProtected',
  'CannotManageMember',
  'InvalidMembershipTransition',
  'MembershipChangedConcurrently',
];

/** What managing an existing invitation (resend, revoke) can answer. */
export const MANAGE_INVITATION_ERRORS: readonly ErrorCode[] = [
  ...AUTHORIZATION_ERRORS,
  'CannotGrantRole',
  'InvitationNotFound',
  'InvitationNotPending',
  'InvitationExpired',
  'MembershipChangedConcurrently',
];

/** What the invitee's answer (accept, decline) can answer. */
export const INVITEE_ERRORS: readonly ErrorCode[] = [
  'UserNotFound',
  'EmailNotVerified',
  'InvalidInvitationToken',
  'InvitationNotFound',
  'NotTheInvitee',
  'InvitationNotPending',
  'InvitationExpired',
];
