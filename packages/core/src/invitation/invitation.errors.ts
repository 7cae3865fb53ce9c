import type { DomainError } from '../shared/domain-error.js';

/** The invitee already holds an active or suspended membership in the organization (409). */
export type AlreadyMember = DomainError<'AlreadyMember'>;
/** Builds an AlreadyMember error. */
export const alreadyMember = (): AlreadyMember => ({
  _tag: 'AlreadyMember',
  message: 'This person is already a member of the organization',
});

/** A pending invitation for this address already exists in the organization; resend it instead (409). */
export type InvitationAlreadyPending = DomainError<'InvitationAlreadyPending'>;
/** Builds an InvitationAlreadyPending error. */
export const invitationAlreadyPending = (): InvitationAlreadyPending => ({
  _tag: 'InvitationAlreadyPending',
  message: 'An invitation is already pending for this address',
});

/** No such invitation (in this organization, or addressed to the caller) (404). */
export type InvitationNotFound = DomainError<'InvitationNotFound'>;
/** Builds an InvitationNotFound error. */
export const invitationNotFound = (): InvitationNotFound => ({ _tag: 'InvitationNotFound', message: 'Invitation not found' });

/** The invitation was already accepted or revoked (or another request just accepted it) (409). */
export type InvitationNotPending = DomainError<'InvitationNotPending'>;
/** Builds an InvitationNotPending error. */
export const invitationNotPending = (): InvitationNotPending => ({
  _tag: 'InvitationNotPending',
  message: 'The invitation is no longer pending',
});

/** The invitation is past its expiry (410). */
export type InvitationExpired = DomainError<'InvitationExpired'>;
/** Builds an InvitationExpired error. */
export const invitationExpired = (): InvitationExpired => ({ _tag: 'InvitationExpired', message: 'The invitation has expired' });

/** The token is malformed, tampered with, signed with another secret, or no longer current (400). */
export type InvalidInvitationToken = DomainError<'InvalidInvitationToken'>;
/** Builds an InvalidInvitationToken error. */
export const invalidInvitationToken = (): InvalidInvitationToken => ({
  _tag: 'InvalidInvitationToken',
  message: 'Invalid invitation token',
});

/** The caller is not the person the invitation is addressed to (403). */
export type NotTheInvitee = DomainError<'NotTheInvitee'>;
/** Builds a NotTheInvitee error. */
export const notTheInvitee = (): NotTheInvitee => ({ _tag: 'NotTheInvitee', message: 'This invitation is addressed to someone else' });

/**
 * The caller's primary email is not verified at the provider (or not known to be): an invitation
 * cannot be answered from it, since anyone can sign up with an address they do not own (403).
 */
export type EmailNotVerified = DomainError<'EmailNotVerified'>;
/** Builds an EmailNotVerified error. */
export const emailNotVerified = (): EmailNotVerified => ({
  _tag: 'EmailNotVerified',
  message: 'Verify your email address before answering invitations',
});

/** Too many invitations (per organization, inviter or recipient) or a resend inside its cooldown (429). */
export interface InvitationRateLimited extends DomainError<'InvitationRateLimited'> {
  /** Whole seconds until the budget that refused allows another invitation (the `Retry-After`). */
  readonly retryAfterSeconds: number;
}
/** Builds an InvitationRateLimited error. */
export const invitationRateLimited = (retryAfterSeconds: number): InvitationRateLimited => ({
  _tag: 'InvitationRateLimited',
  message: 'Too many invitations; try again later',
  retryAfterSeconds,
});

/**
 * The identity provider could not be reached to mail an invitation: nothing was kept, and the
 * same request may simply be retried (503 with `Retry-After`).
 */
export interface IdentityProviderUnavailable extends DomainError<'IdentityProviderUnavailable'> {
  readonly retryAfterSeconds: number;
}
/** Builds an IdentityProviderUnavailable error. */
export const identityProviderUnavailable = (): IdentityProviderUnavailable => ({
  _tag: 'IdentityProviderUnavailable',
  message: 'The identity provider cannot be reached right now; nothing was sent, try again shortly',
  retryAfterSeconds: 30,
});

/** Any invitation-area error. */
export type InvitationError =
  | AlreadyMember
  | InvitationAlreadyPending
  | InvitationNotFound
  | InvitationNotPending
  | InvitationExpired
  | InvalidInvitationToken
  | NotTheInvitee
  | EmailNotVerified
  | InvitationRateLimited
  | IdentityProviderUnavailable;
