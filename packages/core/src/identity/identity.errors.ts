import type { DomainError } from '../shared/domain-error.js';

/** The caller is not authenticated: no bearer, or a token that failed verification. */
export interface Unauthenticated extends DomainError<'Unauthenticated'> {
  /** Why, for the server log only (never sent to the client). */
  readonly reason: string;
}
/** Builds an Unauthenticated error. */
export const unauthenticated = (reason: string, message = 'Unauthenticated'): Unauthenticated => ({
  _tag: 'Unauthenticated',
  message,
  reason,
});

/**
 * The caller's token could not be judged right now (the provider's keys are unreachable): 503 with
 * `Retry-After`, never 401, because clients sign the user out on a second 401.
 */
export interface AuthenticationUnavailable extends DomainError<'AuthenticationUnavailable'> {
  /** Why, for the server log only (never sent to the client). */
  readonly reason: string;
}
/** Builds an AuthenticationUnavailable error. */
export const authenticationUnavailable = (reason: string): AuthenticationUnavailable => ({
  _tag: 'AuthenticationUnavailable',
  message: 'Authentication is temporarily unavailable',
  reason,
});

/** Why a request is not authenticated: verified and wrong (401), or not verifiable right now (503). */
export type AuthenticationFailure = Unauthenticated | AuthenticationUnavailable;

/** The caller's user was soft-deleted; nothing re-creates it. */
export type UserDeleted = DomainError<'UserDeleted'>;
/** Builds a UserDeleted error. */
export const userDeleted = (): UserDeleted => ({ _tag: 'UserDeleted', message: 'User has been deleted' });

/** The provider has no user for a valid session (deleted at the provider meanwhile). */
export type UserNotFound = DomainError<'UserNotFound'>;
/** Builds a UserNotFound error. */
export const userNotFound = (): UserNotFound => ({ _tag: 'UserNotFound', message: 'User not found' });

/** Any identity-area error. */
export type IdentityError = AuthenticationFailure | UserDeleted | UserNotFound;

/** The caller owns an organization: deleting the account would leave it ownerless (409). */
export interface OwnerMustTransferOwnership extends DomainError<'OwnerMustTransferOwnership'> {
  /** The organizations the caller owns. */
  readonly organizationIds: readonly string[];
}
/** Builds an OwnerMustTransferOwnership error. */
export const ownerMustTransferOwnership = (organizationIds: readonly string[]): OwnerMustTransferOwnership => ({
  _tag: 'OwnerMustTransferOwnership',
  message: 'Transfer ownership of your organizations before deleting your account',
  organizationIds,
});

/** What deleting one's own account can answer. */
export type DeleteSelfError = OwnerMustTransferOwnership;
