import * as O from 'fp-ts/lib/Option.js';
import type { Locale } from '../devices/locale.js';
import type { Email } from '../identity/email.js';
import type { IdpUserId, UserId } from '../identity/identifiers.js';
import type { Users, UserSync } from '../identity/ports/users.js';
import type { ProviderUser, User } from '../identity/user.js';

/** The Users port in memory, with the same guarded semantics as the database adapter. */
export class InMemoryUsers implements Users {
  private readonly rows = new Map<IdpUserId, User>();
  /** When set, every write rejects, like a database that went away. */
  failWrites = false;

  async findByIdpId(idpId: IdpUserId): Promise<O.Option<User>> {
    return O.fromNullable(this.rows.get(idpId));
  }

  async findByVerifiedEmail(email: Email): Promise<O.Option<User>> {
    return O.fromNullable(
      [...this.rows.values()].find((row) => row.deletedAt === null && row.emailVerified === true && row.email === email),
    );
  }

  async listLive(after: IdpUserId | null, limit: number): Promise<readonly User[]> {
    return [...this.rows.values()]
      .filter((user) => user.deletedAt === null && (after === null || user.idpId > after))
      .sort((a, b) => (a.idpId < b.idpId ? -1 : a.idpId > b.idpId ? 1 : 0))
      .slice(0, limit);
  }

  async syncFromProvider(snapshot: ProviderUser, newId: UserId): Promise<UserSync> {
    this.assertWritable();
    const existing = this.rows.get(snapshot.idpId);
    const { email, emailVerified, imageUrl, updatedAt } = snapshot;
    if (existing === undefined) {
      const user: User = {
        id: newId,
        idpId: snapshot.idpId,
        email,
        emailVerified,
        imageUrl,
        idpUpdatedAt: updatedAt,
        deletedAt: null,
        locale: null,
      };
      this.rows.set(user.idpId, user);
      return { user, created: true, newlyVerified: emailVerified };
    }
    // An unknown verification state is refreshed by a snapshot as new as the stored one.
    const newer =
      existing.idpUpdatedAt === null ||
      updatedAt > existing.idpUpdatedAt ||
      (existing.emailVerified === null && updatedAt >= existing.idpUpdatedAt);
    if (existing.deletedAt !== null || !newer) return { user: existing, created: false, newlyVerified: false };
    const user: User = { ...existing, email, emailVerified, imageUrl, idpUpdatedAt: updatedAt };
    this.rows.set(user.idpId, user);
    return { user, created: false, newlyVerified: emailVerified && !(existing.emailVerified === true && existing.email === email) };
  }

  async markDeleted(idpId: IdpUserId, at: Date, newId: UserId): Promise<User> {
    this.assertWritable();
    const existing = this.rows.get(idpId);
    const user: User =
      existing === undefined
        ? { id: newId, idpId, email: null, emailVerified: null, imageUrl: null, idpUpdatedAt: null, deletedAt: at, locale: null }
        : { ...existing, deletedAt: existing.deletedAt ?? at };
    this.rows.set(idpId, user);
    return user;
  }

  async setLocale(userId: UserId, locale: Locale): Promise<void> {
    this.assertWritable();
    const existing = this.byId(userId);
    if (existing !== undefined && existing.deletedAt === null) this.rows.set(existing.idpId, { ...existing, locale });
  }

  /** Stores a row exactly as given, e.g. one written before a column existed (a migration's leftover). */
  seed(user: User): void {
    this.rows.set(user.idpId, user);
  }

  /** A user by local id (the devices fake's join). */
  byId(userId: UserId): User | undefined {
    return [...this.rows.values()].find((user) => user.id === userId);
  }

  /** The current email of a user by local id (the memberships fake's join). */
  emailOf(userId: UserId): User['email'] | undefined {
    return [...this.rows.values()].find((user) => user.id === userId)?.email;
  }

  /** Every row, for assertions. */
  all(): readonly User[] {
    return [...this.rows.values()];
  }

  private assertWritable(): void {
    if (this.failWrites) throw new Error('database unavailable');
  }
}
