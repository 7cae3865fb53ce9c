import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PurchaseId, PurchaseStatusTokens } from '@idv/core';

const MIN_SECRET_BYTES = 32;
const TOKEN = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

/**
 * Purchase status tokens `<expiry in epoch seconds>.<HMAC-SHA256(purchase id "." expiry), base64url>`
 * under a server secret (256-bit MACs): nothing stored, compared in constant time, refused once expired.
 *
 * @example
 * const tokens = createPurchaseStatusTokens(secret);
 * const token = tokens.issue(purchase.id, expiresAt);
 * tokens.check(purchase.id, token, now); // 'valid'
 */
export const createPurchaseStatusTokens = (secret: Uint8Array): PurchaseStatusTokens => {
  if (secret.byteLength < MIN_SECRET_BYTES) throw new Error(`a purchase status token secret needs at least ${MIN_SECRET_BYTES} bytes`);
  const key = Buffer.from(secret);
  const mac = (purchaseId: string, expires: string): Buffer => createHmac('sha256', key).update(`${purchaseId}.${expires}`).digest();
  return {
    issue: (purchaseId, expiresAt) => {
      const expires = String(Math.floor(expiresAt.getTime() / 1000));
      return `${expires}.${mac(purchaseId, expires).toString('base64url')}`;
    },
    check: (purchaseId: PurchaseId, token, now) => {
      const parts = TOKEN.exec(token);
      if (parts === null) return 'invalid';
      const [, expires = '', given = ''] = parts;
      const expected = mac(purchaseId, expires);
      const presented = Buffer.from(given, 'base64url');
      if (presented.length !== expected.length || !timingSafeEqual(presented, expected)) return 'invalid';
      return Number(expires) * 1000 <= now.getTime() ? 'expired' : 'valid';
    },
  };
};
