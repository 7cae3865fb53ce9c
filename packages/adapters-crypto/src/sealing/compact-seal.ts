import { CompactEncrypt, compactDecrypt, decodeProtectedHeader } from 'jose';
import type { SealingKey } from './sealing-key.js';

/** What a sealed value's protected header says: its key, and what it is bound to (absent when sealed unbound). */
export interface SealedHeader {
  readonly kid: string;
  readonly sub: string | undefined;
}

const DECRYPT_OPTIONS = { keyManagementAlgorithms: ['dir'], contentEncryptionAlgorithms: ['A256GCM'] };

const KID = /^[0-9a-f]{16}$/;

/**
 * Seals `plain` as a compact JWE (`alg: dir`, `enc: A256GCM`, random IV) naming its key (`kid`) and
 * bound to `sub`. JWE uses the encoded protected header as AES-GCM's additional authenticated data
 * (RFC 7516 §5.1, step 14), so `sub` is authenticated exactly as `aad` would be while the value stays
 * one compact string: editing it to name another owner fails authentication.
 */
export const sealCompact = (plain: string, key: SealingKey, sub: string): Promise<string> =>
  new CompactEncrypt(new TextEncoder().encode(plain))
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM', kid: key.kid, sub })
    .encrypt(key.key);

/** The header of a sealed value, or undefined when it is not a dir/A256GCM JWE with a key id. */
export const sealedHeaderOf = (sealed: string): SealedHeader | undefined => {
  try {
    const { kid, alg, enc, sub } = decodeProtectedHeader(sealed);
    if (alg === 'dir' && enc === 'A256GCM' && typeof kid === 'string' && KID.test(kid) && (sub === undefined || typeof sub === 'string'))
      return { kid, sub };
  } catch {
    // Falls through: an unreadable header is as bad as a wrong one.
  }
  return undefined;
};

/** The plaintext of a sealed value, or undefined when it fails authentication under `key`. */
export const openCompact = async (sealed: string, key: SealingKey): Promise<string | undefined> => {
  try {
    const { plaintext } = await compactDecrypt(sealed, key.key, DECRYPT_OPTIONS);
    return new TextDecoder().decode(plaintext);
  } catch {
    return undefined;
  }
};
