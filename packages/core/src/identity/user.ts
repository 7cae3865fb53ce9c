import type { Email } from './email.js';
import type { Locale } from '../devices/locale.js';
import type { IdpUserId, UserId } from './identifiers.js';

/** The local user row, mirrored from the provider. */
export interface User {
  readonly id: UserId;
  readonly idpId: IdpUserId;
  readonly email: Email | null;
  /**
   * Whether the provider reports the primary email as verified, as of the stored snapshot; null when
   * not known (a row stored before this state was kept, until its next `user.updated` or `sync:users`).
   * Only `true` lets the address receive invitations (see `verifiedEmail`).
   */
  readonly emailVerified: boolean | null;
  readonly imageUrl: string | null;
  /** The provider's `updated_at` (ms) of the state stored here; orders out-of-order deliveries. */
  readonly idpUpdatedAt: number | null;
  /** Set once, on soft delete; never cleared. */
  readonly deletedAt: Date | null;
  /** The language the user's requests last named (`X-Locale`, else `Accept-Language`); null until one does. */
  readonly locale: Locale | null;
}

/** The provider's current view of a user, as read from a webhook or the admin API. */
export interface ProviderUser {
  readonly idpId: IdpUserId;
  /** The primary email address (`primary_email_address_id`), or null for a user without one. */
  readonly email: Email | null;
  /** The primary email's `verification.status` is `verified` (a missing verification is not). */
  readonly emailVerified: boolean;
  readonly imageUrl: string | null;
  /** The provider's `updated_at`, in milliseconds. */
  readonly updatedAt: number;
}

/** Whether the user has been soft-deleted. */
export const isDeleted = (user: User): boolean => user.deletedAt !== null;

/**
 * The address invitations may match: the primary email only once the provider reports it verified.
 * An unverified or unknown state matches nothing (a stranger could sign up with anyone's address).
 */
export const verifiedEmail = (user: Pick<User, 'email' | 'emailVerified'>): Email | null =>
  user.emailVerified === true ? user.email : null;
