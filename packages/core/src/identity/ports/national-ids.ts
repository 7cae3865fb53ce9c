import type { Option } from 'fp-ts/lib/Option.js';
import type { UserId } from '../identifiers.js';
import type { SealedNationalId } from '../national-id.js';

/** Where sealed national IDs are kept, one per user (off the users hot path). */
export interface NationalIds {
  /** Stores or replaces the user's sealed national ID. */
  put(userId: UserId, sealed: SealedNationalId, at: Date): Promise<void>;
  /** The sealed national ID of a user, if one is set. */
  find(userId: UserId): Promise<Option<SealedNationalId>>;
}
