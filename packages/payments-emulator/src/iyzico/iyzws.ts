import type { IncomingMessage } from 'node:http';
import { hmacHex, sameText } from '../crypto.js';

/**
 * Checks a request's IYZWSv2 authentication as iyzico does (its SDK's `generateHashV2`):
 * `Authorization: IYZWSv2 base64("apiKey:…&randomKey:…&signature:…")` with the signature the hex
 * HMAC-SHA256, keyed with the secret key, of `randomKey + uriPath + body`. Answers iyzico's error
 * code when it fails.
 */
export const checkIyzws = (
  request: IncomingMessage,
  path: string,
  body: string,
  credentials: { readonly apiKey: string; readonly secretKey: string },
): { readonly ok: true } | { readonly ok: false; readonly errorCode: string; readonly errorMessage: string } => {
  const header = request.headers.authorization ?? '';
  const match = /^IYZWSv2 ([A-Za-z0-9+/=]+)$/.exec(header);
  const decoded = match === null ? '' : Buffer.from(match[1]!, 'base64').toString('utf8');
  const parts = /^apiKey:([^&]*)&randomKey:([^&]*)&signature:([0-9a-f]{64})$/.exec(decoded);
  if (parts === null) return { ok: false, errorCode: '1001', errorMessage: 'api bilgileri bulunamadı' };
  const [, apiKey, randomKey, signature] = parts;
  if (apiKey !== credentials.apiKey) return { ok: false, errorCode: '1001', errorMessage: 'api bilgileri bulunamadı' };
  if (!sameText(hmacHex(credentials.secretKey, randomKey! + path + body), signature!))
    return { ok: false, errorCode: '1000', errorMessage: 'Geçersiz imza' };
  return { ok: true };
};
