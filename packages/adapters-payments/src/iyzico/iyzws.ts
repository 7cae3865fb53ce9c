import { randomBytes } from 'node:crypto';
import { hmacHex } from '../shared/mac.js';

/**
 * The IYZWSv2 headers of one iyzico request (reference §1.6): `x-iyzi-rnd` and
 * `Authorization: IYZWSv2 base64("apiKey:…&randomKey:…&signature:…")`, where the signature is the
 * hex HMAC-SHA256, keyed with the secret key, of `rnd + uriPath + body`. `body` must be the exact
 * string sent.
 *
 * @example
 * const headers = iyzwsHeaders({ apiKey, secretKey }, '/payment/v2/3dsecure/auth', JSON.stringify(request));
 */
export const iyzwsHeaders = (
  credentials: { readonly apiKey: string; readonly secretKey: string },
  uriPath: string,
  body: string,
  rnd: string = `${Date.now()}${randomBytes(8).toString('hex')}`,
): Record<string, string> => {
  const signature = hmacHex(credentials.secretKey, rnd + uriPath + body);
  const authorization = Buffer.from(`apiKey:${credentials.apiKey}&randomKey:${rnd}&signature:${signature}`, 'utf8').toString('base64');
  return { authorization: `IYZWSv2 ${authorization}`, 'x-iyzi-rnd': rnd, 'content-type': 'application/json', accept: 'application/json' };
};
