import type { UserId } from '../../identity/identifiers.js';
import type { MembershipSummary } from '../membership.js';

/** Membership rows (one per user and organization). */
export interface Memberships {
  /** Every membership of the user, with its organization's name. */
  listForUser(userId: UserId): Promise<readonly MembershipSummary[]>;
  /** Cancels every membership of a deleted user that is not cancelled yet; returns how many changed. */
  cancelAllForUser(userId: UserId): Promise<number>;
}
