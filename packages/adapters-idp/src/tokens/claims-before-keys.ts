import * as E from 'fp-ts/lib/Either.js';
import { decodeJwt } from 'jose';
import type { JWTPayload } from 'jose';
import type { VerifiedSessionToken } from '@idv/core';
import { readSessionPayload, type SessionClaimRules } from './session-claims.js';

/** What the claims of a provider session token must hold before its key is looked up. */
export interface EarlyClaimRules extends SessionClaimRules {
  /** The issuer derived from the publishable key. */
  readonly issuer: string;
  /** Tolerance on `exp`, `nbf` and `iat`, in seconds (as jose is given it). */
  readonly clockToleranceSeconds: number;
}

// The claims jose is told to require (its `requiredClaims`, `issuer`, `maxTokenAge`), in its order.
const REQUIRED_CLAIMS = ['iss', 'iat', 'sid', 'sub', 'exp'] as const;
const NUMERIC_DATES = ['iat', 'nbf', 'exp'] as const;

const readUnverified = (token: string): JWTPayload | undefined => {
  try {
    return decodeJwt(token);
  } catch {
    return undefined;
  }
};

/** The reason jose would give after the signature, read off the unverified claims. */
const claimsReason = (claims: JWTPayload, rules: EarlyClaimRules, nowSeconds: number): string | undefined => {
  const missing = REQUIRED_CLAIMS.find((claim) => !Object.hasOwn(claims, claim));
  if (missing !== undefined) return `token-missing-${missing}`;
  if (claims.iss !== rules.issuer) return 'token-invalid-issuer';
  if (NUMERIC_DATES.some((claim) => claim in claims && typeof claims[claim] !== 'number')) return 'token-invalid-claims';
  const tolerance = rules.clockToleranceSeconds;
  if (claims.nbf !== undefined && claims.nbf > nowSeconds + tolerance) return 'token-not-active-yet';
  if (claims.exp !== undefined && claims.exp <= nowSeconds - tolerance) return 'token-expired';
  if (claims.iat !== undefined && claims.iat > nowSeconds + tolerance) return 'token-iat-in-the-future';
  return undefined;
};

/**
 * Refuses, before any key lookup, a token whose claims no provider session token of this instance
 * carries: another (or no) issuer, expired or not yet valid, no subject or session, an absurd
 * lifetime, an `azp` outside the authorized parties. Otherwise it reads the session those claims
 * describe, which counts only once jose's `jwtVerify` has checked the signature over these same
 * bytes: read unverified, it may only refuse. Only a token that passes it can reach the key set, so
 * "cannot verify right now" (503) is never the answer to a token refused on its face.
 */
export const refuseByClaims = (token: string, rules: EarlyClaimRules, nowMs: number): E.Either<string, VerifiedSessionToken> => {
  const claims = readUnverified(token);
  if (claims === undefined) return E.left('token-malformed');
  const reason = claimsReason(claims, rules, Math.floor(nowMs / 1000));
  return reason === undefined ? readSessionPayload(claims, rules) : E.left(reason);
};
