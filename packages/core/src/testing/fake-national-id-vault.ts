import * as O from 'fp-ts/lib/Option.js';
import type { UserId } from '../identity/identifiers.js';
import type { NationalId, SealedNationalId } from '../identity/national-id.js';
import type { NationalIdVault } from '../identity/ports/national-id-vault.js';

interface Sealed {
  readonly plain: NationalId;
  /** Null for a value sealed before binding existed (see `sealUnbound`). */
  readonly userId: UserId | null;
  /** The subject of a value sealed with `sealFor`. */
  readonly subject?: string;
  readonly key: number;
}

/**
 * A vault that hands out opaque handles instead of ciphertexts, each remembering its user and the
 * key generation that sealed it; opening anything else rejects like a failed authentication.
 * `rotate()` plays a key rotation with the old keys still configured; `dropOldKeys()` removes them.
 */
export class FakeNationalIdVault implements NationalIdVault {
  private readonly sealed = new Map<SealedNationalId, Sealed>();
  private key = 1;
  private oldestKey = 1;

  /** A reversible, readable "seal" (no cryptography), bound to the user. */
  async seal(userId: UserId, plain: NationalId): Promise<SealedNationalId> {
    return this.store({ plain, userId, key: this.key });
  }

  async open(userId: UserId, sealed: SealedNationalId): Promise<O.Option<NationalId>> {
    const entry = this.sealed.get(sealed);
    if (entry === undefined) throw new Error('national id ciphertext failed authentication');
    if (entry.key < this.oldestKey) throw new Error('national id ciphertext names a key that is not configured');
    if (entry.subject !== undefined) return O.none;
    return entry.userId === null || entry.userId === userId ? O.some(entry.plain) : O.none;
  }

  async isCurrent(userId: UserId, sealed: SealedNationalId): Promise<boolean> {
    const entry = this.sealed.get(sealed);
    return entry !== undefined && entry.key === this.key && entry.userId === userId;
  }

  async sealFor(subject: string, plain: NationalId): Promise<SealedNationalId> {
    return this.store({ plain, userId: null, subject, key: this.key });
  }

  async openFor(subject: string, sealed: SealedNationalId): Promise<O.Option<NationalId>> {
    const entry = this.sealed.get(sealed);
    if (entry === undefined) throw new Error('national id ciphertext failed authentication');
    return entry.subject === subject ? O.some(entry.plain) : O.none;
  }

  /** A value as sealed before ciphertexts were bound to their user (under the current key). */
  sealUnbound(plain: NationalId): SealedNationalId {
    return this.store({ plain, userId: null, key: this.key });
  }

  /** A new current key; values sealed under the previous ones still open. */
  rotate(): void {
    this.key += 1;
  }

  /** Forgets every key but the current one (`NATIONAL_ID_DECRYPTION_KEYS` emptied). */
  dropOldKeys(): void {
    this.oldestKey = this.key;
  }

  private store(entry: Sealed): SealedNationalId {
    const handle = `sealed.${this.sealed.size + 1}`;
    this.sealed.set(handle, entry);
    return handle;
  }
}
