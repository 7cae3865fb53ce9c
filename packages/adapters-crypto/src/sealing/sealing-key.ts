import { createHash, hkdfSync } from 'node:crypto';

/** A 256-bit sealing key and its id (`kid`), which names it in every ciphertext it seals. */
export interface SealingKey {
  readonly kid: string;
  readonly key: Uint8Array;
}

/** What a key seals: named in errors, and fixed HKDF inputs so one passphrase gives unrelated keys per purpose. */
export interface SealingPurpose {
  /** E.g. `a national-ID key`. */
  readonly keyName: string;
  readonly hkdfSalt: string;
  readonly hkdfInfo: string;
}

// 32 bytes in base64 (44 characters, one `=`) or base64url (43 characters, no padding).
const RAW_KEY = /^(?:[A-Za-z0-9+/]{43}=|[A-Za-z0-9_-]{43})$/;

/**
 * Reads a configured key value. A value of 32 bytes in base64 or base64url (`openssl rand -base64 32`)
 * is the key itself; any other value of at least 32 characters is a passphrase, stretched to 32 bytes
 * with HKDF-SHA256 under the purpose's salt and info. The `kid` is the first 16 hex characters of
 * SHA-256 of the key, so both spellings of one key share a kid. Errors never repeat the value.
 */
export const sealingKey = (value: string, purpose: SealingPurpose): SealingKey => {
  const trimmed = value.trim();
  if (trimmed.length < 32) throw new Error(`${purpose.keyName} must be 32 bytes in base64 or a passphrase of at least 32 characters`);
  const key = RAW_KEY.test(trimmed)
    ? new Uint8Array(Buffer.from(trimmed, 'base64'))
    : new Uint8Array(hkdfSync('sha256', Buffer.from(trimmed, 'utf8'), purpose.hkdfSalt, purpose.hkdfInfo, 32));
  return { kid: createHash('sha256').update(key).digest('hex').slice(0, 16), key };
};
