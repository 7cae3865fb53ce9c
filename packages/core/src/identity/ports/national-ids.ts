import type { Option } from 'fp-ts/lib/Option.js';
import type { UserId } from '../identifiers.js';
import type { SealedNationalId } from '../national-id.js';

/** One stored national ID: whose, and its sealed value. */
export interface StoredNationalId {
  readonly userId: UserId;
  readonly sealed: SealedNationalId;
}

/** Where sealed national IDs are kept, one per user (off the users hot path). */
export interface NationalIds {
  /** Stores or replaces the user's sealed national ID. */
  put(userId: UserId, sealed: SealedNationalId, at: Date): Promise<void>;
  /** The sealed national ID of a user, if one is set. */
  find(userId: UserId): Promise<Option<SealedNationalId>>;
  /** Erases the user's national ID (nothing to do when none is stored); inside a unit of work it commits with it. */
  erase(userId: UserId): Promise<void>;
  /**
   * Stored values ordered by user id (in the store's own collation), the first `limit` after
   * `after` (from the start when null): a keyset walk that visits every row once.
   */
  listAfter(after: UserId | null, limit: number): Promise<readonly StoredNationalId[]>;
  /**
   * Replaces the user's sealed value only while it is still `expected`, in one guarded statement:
   * false when it changed meanwhile (the user set a new one) or was erased, and nothing is written.
   */
  replace(userId: UserId, expected: SealedNationalId, sealed: SealedNationalId, at: Date): Promise<boolean>;
}
