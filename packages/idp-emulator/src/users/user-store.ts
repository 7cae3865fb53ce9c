import type { UserJson } from './user-json.js';

/** The emulator's users, in creation order. */
export class UserStore {
  private readonly byId = new Map<string, UserJson>();
  private readonly passwordHashes = new Map<string, string>();

  /** Stores (or replaces) a user. */
  put(user: UserJson): void {
    this.byId.set(user.id, user);
  }

  /** The user with `id`, if any. */
  get(id: string): UserJson | undefined {
    return this.byId.get(id);
  }

  /** Removes a user (and its password hash); returns whether it existed. */
  delete(id: string): boolean {
    this.passwordHashes.delete(id);
    return this.byId.delete(id);
  }

  /** Stores the scrypt hash of a user's password (never the password). */
  setPasswordHash(id: string, hash: string): void {
    this.passwordHashes.set(id, hash);
  }

  /** The stored password hash of a user, if it has a password. */
  passwordHash(id: string): string | undefined {
    return this.passwordHashes.get(id);
  }

  /** The user owning `email` (case-insensitive), if any. */
  findByEmail(email: string): UserJson | undefined {
    const wanted = email.toLowerCase();
    return this.all().find((u) => u.email_addresses.some((e) => e.email_address.toLowerCase() === wanted));
  }

  /** Every user, newest first (the provider's default `-created_at`). */
  all(): UserJson[] {
    return [...this.byId.values()].reverse();
  }
}
