import { createRemoteJWKSet, customFetch, errors } from 'jose';
import type { CryptoKey, FlattenedJWSInput, JWSHeaderParameters } from 'jose';
import { JwksUnavailable } from './jwks-unavailable.js';

/** Resolves the verification key of a token from its header. */
export type TokenKeys = (header: JWSHeaderParameters, token: FlattenedJWSInput) => Promise<CryptoKey>;

/** Where and how to fetch the provider's JWKS. */
export interface RemoteTokenKeysOptions {
  readonly apiUrl: string;
  readonly secretKey: string;
  readonly cooldownMs: number;
  readonly timeoutMs: number;
  readonly fetch?: typeof fetch;
}

/** Keys from `{apiUrl}/v1/jwks`, cached by jose and refetched on an unknown `kid` after the cooldown. */
export const remoteTokenKeys = (options: RemoteTokenKeysOptions): TokenKeys => {
  const url = new URL(`${options.apiUrl.replace(/\/+$/, '')}/v1/jwks`);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('IdP API URL must be http(s)');
  const jwks = createRemoteJWKSet(url, {
    headers: { Authorization: `Bearer ${options.secretKey}` },
    cooldownDuration: options.cooldownMs,
    timeoutDuration: options.timeoutMs,
    ...(options.fetch === undefined ? {} : { [customFetch]: options.fetch }),
  });
  return async (header, token) => {
    try {
      return await jwks(header, token);
    } catch (error) {
      // A missing kid is the token's fault; anything else means we could not read the key set.
      if (error instanceof errors.JWKSNoMatchingKey || error instanceof errors.JWKSMultipleMatchingKeys) throw error;
      throw new JwksUnavailable(error);
    }
  };
};
