import * as O from 'fp-ts/lib/Option.js';
import type { UserId } from '../identity/identifiers.js';
import type { SealedNationalId } from '../identity/national-id.js';
import type { NationalIds } from '../identity/ports/national-ids.js';

/** The NationalIds port in memory. */
export class InMemoryNationalIds implements NationalIds {
  private readonly rows = new Map<UserId, SealedNationalId>();

  async put(userId: UserId, sealed: SealedNationalId): Promise<void> {
    this.rows.set(userId, sealed);
  }

  /** The sealed national ID of a user, if set. */
  async find(userId: UserId): Promise<O.Option<SealedNationalId>> {
    return O.fromNullable(this.rows.get(userId));
  }

  /** What is stored for a user (sealed), for assertions. */
  storedFor(userId: UserId): SealedNationalId | undefined {
    return this.rows.get(userId);
  }
}
