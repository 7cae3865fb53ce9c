import type { Either } from 'fp-ts/lib/Either.js';
import type { AuthenticationFailure } from '../identity.errors.js';

/** The claims of a verified provider session token that the service relies on. */
export interface VerifiedSessionToken {
  /** `sub`: the provider user id. */
  readonly subject: string;
  /** `sid`: the provider session id. */
  readonly sessionId: string;
  /** The custom `role` claim, when the token carries one. */
  readonly role?: string;
}

/**
 * Verifies a provider session JWT (signature, algorithm, issuer, lifetime, authorized party): a bad
 * token is `Unauthenticated`, keys that cannot be fetched are `AuthenticationUnavailable`.
 */
export interface AccessTokenVerifier {
  /** Verifies a session token: its session on success, `Unauthenticated` when it is not valid, `AuthenticationUnavailable` when it cannot be judged now (keys unreachable). */
  verify(token: string): Promise<Either<AuthenticationFailure, VerifiedSessionToken>>;
}
