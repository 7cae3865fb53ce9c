import type { Option } from 'fp-ts/lib/Option.js';
import type { UserId } from '../identifiers.js';
import type { NationalId, SealedNationalId } from '../national-id.js';

/**
 * Encrypts national IDs with `NATIONAL_ID_ENCRYPTION_KEY` (authenticated, with a key id so keys
 * rotate), each bound to the user it belongs to: a sealed value copied to another user's row does
 * not open for that user.
 */
export interface NationalIdVault {
  /** Encrypts a user's national ID for storage, under the current key, bound to `userId`. */
  seal(userId: UserId, plain: NationalId): Promise<SealedNationalId>;
  /**
   * Decrypts `userId`'s sealed national ID with whichever key the ciphertext names. None when it is
   * bound to another user (a row copied across users); a value sealed before binding existed opens
   * for anyone until it is resealed. A ciphertext that fails authentication, or names a key that is
   * not configured, rejects.
   */
  open(userId: UserId, sealed: SealedNationalId): Promise<Option<NationalId>>;
  /** Whether a sealed value is already under the current key and bound to `userId` (nothing to reseal). */
  isCurrent(userId: UserId, sealed: SealedNationalId): Promise<boolean>;
  /**
   * Encrypts a national ID bound to another subject than a user (`agreement:<id>`: a signer may have
   * no account), under the current key.
   */
  sealFor(subject: string, plain: NationalId): Promise<SealedNationalId>;
  /** Decrypts a value sealed for `subject`; None when it is bound to any other subject (or to none). */
  openFor(subject: string, sealed: SealedNationalId): Promise<Option<NationalId>>;
}
