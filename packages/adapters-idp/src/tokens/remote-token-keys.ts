import { createRemoteJWKSet, customFetch, errors } from 'jose';
import type { CryptoKey, FlattenedJWSInput, JWSHeaderParameters } from 'jose';
import { JwksCoolingDown, JwksUnavailable } from './jwks-unavailable.js';

/** Resolves the verification key of a token from its header. */
export type TokenKeys = (header: JWSHeaderParameters, token: FlattenedJWSInput) => Promise<CryptoKey>;

/** Where and how to fetch the provider's JWKS. */
export interface RemoteTokenKeysOptions {
  readonly apiUrl: string;
  readonly secretKey: string;
  readonly cooldownMs: number;
  readonly timeoutMs: number;
  readonly fetch?: typeof fetch;
  /** Told of every fetch of the key set (start-up, unknown `kid`, cache expiry), for operators' metrics. */
  readonly onFetch?: (outcome: JwksFetchOutcome) => void;
}

/** How one JWKS fetch ended: a 2xx answer, any other answer, or none (timeout, refused connection). */
export type JwksFetchOutcome = 'ok' | 'http_error' | 'network';

const observedFetch =
  (fetcher: typeof fetch, onFetch: (outcome: JwksFetchOutcome) => void): typeof fetch =>
  async (input, init) => {
    try {
      const response = await fetcher(input, init);
      onFetch(response.ok ? 'ok' : 'http_error');
      return response;
    } catch (error) {
      onFetch('network');
      throw error;
    }
  };

/**
 * Keys from `{apiUrl}/v1/jwks`, cached by jose and refetched on an unknown `kid` after the cooldown.
 * An unknown `kid` is the token's fault (`JWKSNoMatchingKey`, 401) only when the key set was fetched
 * while this token waited; inside the cooldown, with an older key set, it is `JwksCoolingDown`
 * (cannot judge yet, 503): the next try once the cooldown allows it refetches.
 */
export const remoteTokenKeys = (options: RemoteTokenKeysOptions): TokenKeys => {
  const url = new URL(`${options.apiUrl.replace(/\/+$/, '')}/v1/jwks`);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('IdP API URL must be http(s)');
  const fetchImpl = options.onFetch === undefined ? (options.fetch ?? fetch) : observedFetch(options.fetch ?? fetch, options.onFetch);
  let fetches = 0;
  const jwks = createRemoteJWKSet(url, {
    headers: { Authorization: `Bearer ${options.secretKey}` },
    cooldownDuration: options.cooldownMs,
    timeoutDuration: options.timeoutMs,
    [customFetch]: (input, init) => {
      fetches += 1;
      return fetchImpl(input, init);
    },
  });
  // A kid the key set has, under another alg, is no rotation: only an absent kid may be one.
  const publishes = (kid: string | undefined): boolean => jwks.jwks()?.keys.some((key) => key.kid === kid) ?? false;
  return async (header, token) => {
    const fetchesBefore = fetches;
    try {
      return await jwks(header, token);
    } catch (error) {
      // A key set older than this token may simply predate a rotation at the provider;
      // a 401 would sign the user out (clients do on the second one), so it cannot be judged yet.
      if (error instanceof errors.JWKSNoMatchingKey && fetches === fetchesBefore && jwks.coolingDown && !publishes(header.kid)) {
        throw new JwksCoolingDown(error);
      }
      // A kid still missing from a key set fetched for this token is the token's fault; anything
      // else means we could not read the key set.
      if (error instanceof errors.JWKSNoMatchingKey || error instanceof errors.JWKSMultipleMatchingKeys) throw error;
      throw new JwksUnavailable(error);
    }
  };
};
