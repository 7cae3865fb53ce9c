/** Keys whose values never leave the process: credentials, tokens, personal data. */
const SENSITIVE_KEY =
  /authorization|cookie|token|jwt|secret|password|passwd|api[-_]?key|signature|email|national|identity[-_]?number|card|cvc|iban|phone|body/i;

const EMAIL = /[^\s@"'<>()[\]]+@[^\s@"'<>()[\]]+\.[A-Za-z]{2,}/g;
const JWT = /\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g;
const BEARER = /\bBearer\s+\S+/gi;
const PROVIDER_KEY = /\b(sk|pk)_(test|live)_[A-Za-z0-9+/=]+|\bwhsec_[A-Za-z0-9+/=]+/g;
// 10 or more digits in a row: a national ID (11 in Türkiye), a card number, a phone number.
const LONG_NUMBER = /\b\d{10,19}\b/g;

const MAX_DEPTH = 8;

/** Masks what looks like personal data or a credential inside free text (error messages, log-like strings). */
export const scrubText = (text: string): string =>
  text
    .replace(JWT, '[token]')
    .replace(BEARER, 'Bearer [REDACTED]')
    .replace(PROVIDER_KEY, '[key]')
    .replace(EMAIL, '[email]')
    .replace(LONG_NUMBER, '[number]');

/**
 * A deep copy of `value` without sensitive keys (their values become `[REDACTED]`) and with free
 * text scrubbed; deeper than a few levels is cut off.
 */
export const scrubValue = (value: unknown, depth = 0): unknown => {
  if (typeof value === 'string') return scrubText(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return '[…]';
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, item]) => [
      key,
      SENSITIVE_KEY.test(key) ? '[REDACTED]' : scrubValue(item, depth + 1),
    ]),
  );
};
