import { errors } from 'jose';
import { JwksCoolingDown, JwksUnavailable } from './jwks-unavailable.js';

const claimFailure = (error: errors.JWTClaimValidationFailed): string => {
  if (error.reason === 'missing') return `token-missing-${error.claim}`;
  switch (error.claim) {
    case 'iss':
      return 'token-invalid-issuer';
    case 'nbf':
      return 'token-not-active-yet';
    case 'iat':
      return 'token-iat-in-the-future';
    default:
      return 'token-invalid-claims';
  }
};

/** Reasons for which the token was never judged: "cannot verify right now" (503), never 401. */
export const UNJUDGED_REASONS: ReadonlySet<string> = new Set(['jwks-unavailable', 'jwks-cooling-down']);

/** A short machine reason for a verification failure (never the token, never a key). */
export const tokenFailureReason = (error: unknown): string => {
  if (error instanceof JwksUnavailable) return 'jwks-unavailable';
  if (error instanceof JwksCoolingDown) return 'jwks-cooling-down';
  if (error instanceof errors.JWTExpired) return 'token-expired';
  if (error instanceof errors.JWTClaimValidationFailed) return claimFailure(error);
  if (error instanceof errors.JOSEAlgNotAllowed) return 'token-invalid-algorithm';
  if (error instanceof errors.JWSSignatureVerificationFailed) return 'token-invalid-signature';
  if (error instanceof errors.JWKSNoMatchingKey) return 'token-unknown-kid';
  if (error instanceof errors.JWKSMultipleMatchingKeys) return 'token-ambiguous-kid';
  if (error instanceof errors.JWSInvalid || error instanceof errors.JWTInvalid) return 'token-malformed';
  if (error instanceof errors.JOSENotSupported) return 'token-unsupported';
  // TypeErrors from key checks (e.g. an RSA modulus under 2048 bits) land here.
  return 'token-verification-failed';
};
