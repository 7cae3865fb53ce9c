import * as E from 'fp-ts/lib/Either.js';
import type { JWTPayload } from 'jose';
import type { VerifiedSessionToken } from '@idv/core';

/** The checks jose does not make for us. */
export interface SessionClaimRules {
  /** When non-empty, `azp` must be present and one of these. */
  readonly authorizedParties: readonly string[];
  /** Upper bound on `exp - iat`, in seconds. */
  readonly maxLifetimeSeconds: number;
}

const nonEmptyString = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

/**
 * Reads session claims into the port's shape, or a machine reason: the checks jose does not make.
 * Run on the claims read before the key lookup (`refuseByClaims`), whose session stands once jose
 * has verified the signature over the same bytes.
 */
export const readSessionPayload = (payload: JWTPayload, rules: SessionClaimRules): E.Either<string, VerifiedSessionToken> => {
  if (!nonEmptyString(payload.sub)) return E.left('token-missing-sub');
  if (!nonEmptyString(payload['sid'])) return E.left('token-missing-sid');
  // jose accepts an absurd `exp` (ms, 1e20, Infinity); the provider issues 60 s tokens.
  const lifetime = (payload.exp ?? Number.NaN) - (payload.iat ?? Number.NaN);
  if (!(Number.isFinite(lifetime) && lifetime >= 0 && lifetime <= rules.maxLifetimeSeconds)) {
    return E.left('token-invalid-lifetime');
  }
  const azp = payload['azp'];
  if (rules.authorizedParties.length > 0 && !(typeof azp === 'string' && rules.authorizedParties.includes(azp))) {
    return E.left('token-invalid-authorized-parties');
  }
  const role = payload['role'];
  return E.right({
    subject: payload.sub,
    sessionId: payload['sid'],
    ...(typeof role === 'string' ? { role } : {}),
  });
};
