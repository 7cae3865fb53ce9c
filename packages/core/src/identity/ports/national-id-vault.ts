import type { NationalId, SealedNationalId } from '../national-id.js';

/** Encrypts national IDs with `NATIONAL_ID_ENCRYPTION_KEY` (authenticated, with a key id so keys rotate). */
export interface NationalIdVault {
  /** Encrypts a national ID for storage. */
  seal(plain: NationalId): Promise<SealedNationalId>;
  /** Decrypts with whichever key the ciphertext names; a ciphertext that fails authentication rejects. */
  open(sealed: SealedNationalId): Promise<NationalId>;
}
