import type { Option } from 'fp-ts/lib/Option.js';
import type { Locale } from '../../devices/locale.js';
import type { Email } from '../email.js';
import type { IdpUserId, UserId } from '../identifiers.js';
import type { ProviderUser, User } from '../user.js';

/** The outcome of mirroring a provider user locally. */
export interface UserSync {
  readonly user: User;
  /** True only for the one call that inserted the row. */
  readonly created: boolean;
  /**
   * True when this write first stored a verified primary address: a new row whose address is
   * verified, or a row that held it unverified, unknown, or held another address before. It makes a
   * `user.updated` accept the user's path-1 invitations, as `user.created` would have.
   */
  readonly newlyVerified: boolean;
  /**
   * Whether a pending invitation is addressed to the stored email, when the store answered that in
   * the same round trip as the write (the PostgreSQL adapter does, see docs/performance.md). Absent when it did
   * not; `acceptPendingInvitations` then looks itself. Never `false` while one is pending.
   */
  readonly invitationsPending?: boolean;
}

/** The local user rows, keyed by the provider id (unique). */
export interface Users {
  /** The row for a provider id, deleted or not. */
  findByIdpId(idpId: IdpUserId): Promise<Option<User>>;
  /** The live (not soft-deleted) user whose primary email is this address and verified, if any. */
  findByVerifiedEmail(email: Email): Promise<Option<User>>;
  /**
   * Live (not soft-deleted) rows ordered by provider id (in the store's own collation), the first
   * `limit` after `after` (from the start when null): a keyset walk that visits every live row once,
   * e.g. for reconciliation.
   */
  listLive(after: IdpUserId | null, limit: number): Promise<readonly User[]>;
  /**
   * Find-or-create plus overwrite, race-safe: inserts the row (with `newId`) when absent; otherwise
   * overwrites email, its verification state and image only when the snapshot is newer than what is
   * stored (provider `updated_at`), or as new when the stored verification state is unknown; never
   * touches a deleted row. Concurrent calls leave exactly one row.
   */
  syncFromProvider(snapshot: ProviderUser, newId: UserId): Promise<UserSync>;
  /**
   * Soft delete: sets `deletedAt` only if it is not set yet. When no row exists, a tombstone row
   * (with `newId`) is inserted so that a late `user.created` cannot bring the user back.
   */
  markDeleted(idpId: IdpUserId, at: Date, newId: UserId): Promise<User>;
  /** Stores the user's language (the one push notifications use); a deleted row is left as it is. */
  setLocale(userId: UserId, locale: Locale): Promise<void>;
}
