import * as E from 'fp-ts/lib/Either.js';
import { jwtVerify } from 'jose';
import { authenticationUnavailable, unauthenticated } from '@idv/core';
import type { AccessTokenVerifier } from '@idv/core';
import { issuerFromPublishableKey } from './publishable-key.js';
import { pemTokenKeys } from './pem-token-keys.js';
import { remoteTokenKeys } from './remote-token-keys.js';
import type { JwksFetchOutcome, TokenKeys } from './remote-token-keys.js';
import { refuseByClaims } from './claims-before-keys.js';
import { namesEachMemberOnce } from './json-members.js';
import { createTokenHeaderChecks } from './token-header-checks.js';
import { tokenFailureReason, UNJUDGED_REASONS } from './token-failure-reason.js';
import { createVerifiedTokenCache } from './verified-token-cache.js';

/** Configuration of the session-token verifier. */
export interface AccessTokenVerifierOptions {
  /** `pk_test_…`/`pk_live_…`; the expected issuer is derived from it. */
  readonly publishableKey: string;
  /** Admin API base; the JWKS is `{apiUrl}/v1/jwks`. */
  readonly apiUrl?: string;
  /** Bearer secret for the JWKS request. */
  readonly secretKey?: string;
  /** SPKI PEM public key: verify with no network at all (takes precedence over the JWKS). */
  readonly jwtKey?: string;
  /** When non-empty, `azp` must be present and one of these origins. */
  readonly authorizedParties?: readonly string[];
  /** Clock tolerance on `exp`, `nbf` and `iat`, in seconds (default 5). */
  readonly clockSkewSeconds?: number;
  /**
   * Minimum time between JWKS fetches triggered by unknown `kid`s (default 30 000 ms). Inside it an
   * unknown `kid` is `AuthenticationUnavailable` (the key set may predate a rotation), not 401.
   */
  readonly jwksCooldownMs?: number;
  /** JWKS request timeout (default 3 000 ms). */
  readonly jwksTimeoutMs?: number;
  /** fetch implementation for the JWKS (default: global fetch). */
  readonly fetch?: typeof fetch;
  /** Told of every JWKS fetch, for operators' metrics. */
  readonly onJwksFetch?: (outcome: JwksFetchOutcome) => void;
  /** How many verified tokens to remember until their `exp` (default 10 000; 0 turns the cache off). */
  readonly cacheSize?: number;
  /** The current time in ms (default `Date.now`); tests move it. */
  readonly now?: () => number;
}

const MAX_TOKEN_LENGTH = 8 * 1024;
const COMPACT_JWS = /^[A-Za-z0-9_-]{2,}\.[A-Za-z0-9_-]{2,}\.[A-Za-z0-9_-]{2,}$/;
const MAX_LIFETIME_SECONDS = 60 * 60;
const ALGORITHMS = ['RS256', 'RS384', 'RS512'];
const REQUIRED_CLAIMS = ['exp', 'iat', 'sub', 'sid'];
const DEFAULT_CACHE_SIZE = 10_000;

/** The payload segment's JSON text, as jose decoded it before parsing. */
const payloadText = (encodedPayload: string): string => Buffer.from(encodedPayload, 'base64url').toString('utf8');

const nonBlank = (value: string | undefined): value is string => value !== undefined && value.trim() !== '';

const tokenKeys = (options: AccessTokenVerifierOptions): TokenKeys => {
  if (nonBlank(options.jwtKey)) return pemTokenKeys(options.jwtKey);
  if (!nonBlank(options.apiUrl) || !nonBlank(options.secretKey)) {
    throw new Error('Token verification needs either a JWT key (PEM) or both the IdP API URL and secret key');
  }
  return remoteTokenKeys({
    apiUrl: options.apiUrl,
    secretKey: options.secretKey,
    cooldownMs: options.jwksCooldownMs ?? 30_000,
    timeoutMs: options.jwksTimeoutMs ?? 3_000,
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
    ...(options.onJwksFetch === undefined ? {} : { onFetch: options.onJwksFetch }),
  });
};

/**
 * Verifies the provider's RS256 session tokens with jose. A bad token is a Left `Unauthenticated`
 * carrying a short reason; its header and claims are refused before any key lookup. An unreachable
 * JWKS, or the unknown `kid` of a token otherwise well formed while the key set may be stale (inside
 * the refetch cooldown), is a Left `AuthenticationUnavailable`; configuration
 * errors throw at construction. Clients reuse a token for up
 * to its 60 s life, so a token verified twice is remembered (by digest) until its `exp`.
 *
 * @example
 * const verifier = createAccessTokenVerifier({ publishableKey, apiUrl: 'https://api.example.com', secretKey });
 * const result = await verifier.verify(bearerToken); // Right({ subject, sessionId, role? })
 */
export const createAccessTokenVerifier = (options: AccessTokenVerifierOptions): AccessTokenVerifier => {
  const issuer = issuerFromPublishableKey(options.publishableKey);
  const keys = tokenKeys(options);
  const clockTolerance = options.clockSkewSeconds ?? 5;
  const claimRules = {
    authorizedParties: options.authorizedParties ?? [],
    maxLifetimeSeconds: MAX_LIFETIME_SECONDS,
    issuer,
    clockToleranceSeconds: clockTolerance,
  };
  const now = options.now ?? Date.now;
  const cache = createVerifiedTokenCache(options.cacheSize ?? DEFAULT_CACHE_SIZE);
  const headers = createTokenHeaderChecks();
  return {
    verify: async (token) => {
      if (token.length > MAX_TOKEN_LENGTH) return E.left(unauthenticated('token-too-large'));
      const verifiedAt = now();
      // A token found here is the very string verified before, so it passed every check below already.
      const cached = cache.get(token, verifiedAt);
      if (cached.session !== undefined) return E.right(cached.session);
      // jose on Node 20 tolerates padding and newlines in the signature segment.
      if (!COMPACT_JWS.test(token)) return E.left(unauthenticated('token-malformed'));
      const [encodedHeader = '', encodedPayload = ''] = token.split('.');
      const header = headers.check(encodedHeader);
      if (E.isLeft(header)) return E.left(unauthenticated(header.left));
      // Before the key lookup: a token refused on its face is 401 at once, never "cannot verify right
      // now" (503) because its kid is missing from a key set inside the refetch cooldown.
      const session = refuseByClaims(token, claimRules, verifiedAt);
      if (E.isLeft(session)) return E.left(unauthenticated(session.left));
      try {
        const { payload } = await jwtVerify(token, keys, {
          algorithms: ALGORITHMS,
          issuer,
          requiredClaims: REQUIRED_CLAIMS,
          clockTolerance,
          currentDate: new Date(verifiedAt),
          // Makes jose reject an `iat` in the future beyond the tolerance.
          maxTokenAge: MAX_LIFETIME_SECONDS,
        });
        // Repeated member names, on the claims jose has parsed rather than a second parse of
        // our own. After the signature: only the provider's own signature gets a payload this far.
        if (!namesEachMemberOnce(payloadText(encodedPayload), payload)) return E.left(unauthenticated('token-malformed'));
        // The session was read off these very bytes before the key lookup (the header's `typ` checked
        // with the header); now that jose has checked their signature, it stands.
        headers.verified(encodedHeader);
        cache.set(cached.key, session.right, (payload.exp ?? 0) * 1000, verifiedAt);
        return session;
      } catch (error) {
        const reason = tokenFailureReason(error);
        // The token was never judged: "cannot verify right now" must not read as "wrong token".
        return E.left(UNJUDGED_REASONS.has(reason) ? authenticationUnavailable(reason) : unauthenticated(reason));
      }
    },
  };
};
