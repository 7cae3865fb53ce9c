import * as O from 'fp-ts/lib/Option.js';
import type { UserId } from '../identity/identifiers.js';
import type { SealedNationalId } from '../identity/national-id.js';
import type { NationalIds, StoredNationalId } from '../identity/ports/national-ids.js';

/** The NationalIds port in memory. */
export class InMemoryNationalIds implements NationalIds {
  private readonly rows = new Map<UserId, SealedNationalId>();

  async put(userId: UserId, sealed: SealedNationalId, _at?: Date): Promise<void> {
    this.rows.set(userId, sealed);
  }

  /** The sealed national ID of a user, if set. */
  async find(userId: UserId): Promise<O.Option<SealedNationalId>> {
    return O.fromNullable(this.rows.get(userId));
  }

  async erase(userId: UserId): Promise<void> {
    this.rows.delete(userId);
  }

  /** Rows by user id (code-point order, as the SQL adapters' uuid order), after `after`. */
  async listAfter(after: UserId | null, limit: number): Promise<readonly StoredNationalId[]> {
    return [...this.rows.entries()]
      .filter(([userId]) => after === null || userId > after)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .slice(0, limit)
      .map(([userId, sealed]) => ({ userId, sealed }));
  }

  async replace(userId: UserId, expected: SealedNationalId, sealed: SealedNationalId, _at: Date): Promise<boolean> {
    if (this.rows.get(userId) !== expected) return false;
    this.rows.set(userId, sealed);
    return true;
  }

  /** What is stored for a user (sealed), for assertions. */
  storedFor(userId: UserId): SealedNationalId | undefined {
    return this.rows.get(userId);
  }
}
