import { sealingKey } from '../sealing/sealing-key.js';
import type { SealingKey, SealingPurpose } from '../sealing/sealing-key.js';

/** A 256-bit national-ID key and its id (`kid`), which names it in every ciphertext it seals. */
export type VaultKey = SealingKey;

// Fixed, naming this purpose only: the same passphrase used elsewhere gives an unrelated key here.
const NATIONAL_ID_KEYS: SealingPurpose = {
  keyName: 'a national-ID key',
  hkdfSalt: 'idv/national-id-vault/v1',
  hkdfInfo: 'NATIONAL_ID_ENCRYPTION_KEY A256GCM dir',
};

/** Reads a `NATIONAL_ID_ENCRYPTION_KEY` (or `NATIONAL_ID_DECRYPTION_KEYS` entry); see `sealingKey` for the format. */
export const vaultKey = (value: string): VaultKey => sealingKey(value, NATIONAL_ID_KEYS);

/** The key id that a `NATIONAL_ID_ENCRYPTION_KEY` value seals with (safe to log: it is not the key). */
export const nationalIdKeyId = (value: string): string => vaultKey(value).kid;
