const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

// base64url to a binary string, without atob (not in every React Native runtime).
const decodeBase64Url = (text: string): string | undefined => {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const char of text.replace(/=+$/, '')) {
    const index = ALPHABET.indexOf(char === '+' ? '-' : char === '/' ? '_' : char);
    if (index < 0) return undefined;
    value = (value << 6) | index;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out += String.fromCharCode((value >> bits) & 0xff);
    }
  }
  return out;
};

/**
 * The `exp` claim of a JWT in milliseconds, read without verifying anything (the API verifies);
 * `undefined` when the token is not a JWT or has no numeric `exp`.
 */
export const tokenExpiryMs = (token: string): number | undefined => {
  const payload = token.split('.')[1];
  if (payload === undefined) return undefined;
  const json = decodeBase64Url(payload);
  if (json === undefined) return undefined;
  try {
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : undefined;
  } catch {
    return undefined;
  }
};
