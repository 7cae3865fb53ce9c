import { createHmac, timingSafeEqual } from 'node:crypto';

/** Lower-case hex HMAC-SHA256 of a UTF-8 message (iyzico). */
export const hmacHex = (key: string, message: string): string => createHmac('sha256', key).update(message, 'utf8').digest('hex');

/** Base64 HMAC-SHA256 of a UTF-8 message (PayTR). */
export const hmacBase64 = (key: string, message: string): string => createHmac('sha256', key).update(message, 'utf8').digest('base64');

/** Constant-time equality of two ASCII strings (unequal lengths are unequal; the length is not secret). */
export const constantTimeEqual = (expected: string, received: string): boolean => {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(received, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
};

/** Hex MACs compare case-insensitively (iyzico's own .NET sample does), in constant time. */
export const hexEqual = (expected: string, received: string): boolean =>
  constantTimeEqual(expected.toLowerCase(), received.trim().toLowerCase());
