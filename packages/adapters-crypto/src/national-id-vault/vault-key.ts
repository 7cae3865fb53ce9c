import { createHash, hkdfSync } from 'node:crypto';

/** A 256-bit national-ID key and its id (`kid`), which names it in every ciphertext it seals. */
export interface VaultKey {
  readonly kid: string;
  readonly key: Uint8Array;
}

// 32 bytes in base64 (44 characters, one `=`) or base64url (43 characters, no padding).
const RAW_KEY = /^(?:[A-Za-z0-9+/]{43}=|[A-Za-z0-9_-]{43})$/;
// Fixed, naming this purpose only: the same passphrase used elsewhere gives an unrelated key here.
const HKDF_SALT = 'idv/national-id-vault/v1';
const HKDF_INFO = 'NATIONAL_ID_ENCRYPTION_KEY A256GCM dir';

/**
 * Reads a `NATIONAL_ID_ENCRYPTION_KEY` (or `NATIONAL_ID_DECRYPTION_KEYS` entry). A value of 32
 * bytes in base64 or base64url (`openssl rand -base64 32`) is the key itself; any other value of at
 * least 32 characters is a passphrase, stretched to 32 bytes with HKDF-SHA256. The `kid` is the
 * first 16 hex characters of SHA-256 of the key, so both spellings of one key share a kid. Errors
 * never repeat the value.
 */
export const vaultKey = (value: string): VaultKey => {
  const trimmed = value.trim();
  if (trimmed.length < 32) throw new Error('a national-ID key must be 32 bytes in base64 or a passphrase of at least 32 characters');
  const key = RAW_KEY.test(trimmed)
    ? new Uint8Array(Buffer.from(trimmed, 'base64'))
    : new Uint8Array(hkdfSync('sha256', Buffer.from(trimmed, 'utf8'), HKDF_SALT, HKDF_INFO, 32));
  return { kid: createHash('sha256').update(key).digest('hex').slice(0, 16), key };
};

/** The key id that a `NATIONAL_ID_ENCRYPTION_KEY` value seals with (safe to log: it is not the key). */
export const nationalIdKeyId = (value: string): string => vaultKey(value).kid;
