import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';

/** Lower-case hex HMAC-SHA256 (iyzico). */
export const hmacHex = (key: string, message: string): string => createHmac('sha256', key).update(message, 'utf8').digest('hex');

/** Base64 HMAC-SHA256 (PayTR). */
export const hmacBase64 = (key: string, message: string): string => createHmac('sha256', key).update(message, 'utf8').digest('base64');

/** Constant-time string equality. */
export const sameText = (a: string, b: string): boolean => {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
};

/** `length` random letters and digits. */
export const randomAlphanumeric = (length: number): string => {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  return [...randomBytes(length)].map((byte) => alphabet[byte % alphabet.length]).join('');
};

/** `length` random digits, never starting with 0. */
export const randomDigits = (length: number): string =>
  [...randomBytes(length)].map((byte, i) => String(i === 0 ? 1 + (byte % 9) : byte % 10)).join('');

export { randomUUID };
