import type { Option } from 'fp-ts/lib/Option.js';
import type { MembershipSummary } from '../../membership/membership.js';
import type { IdpUserId } from '../identifiers.js';
import type { User } from '../user.js';

/** An authenticated caller's local state: their user row and every one of their memberships. */
export interface Caller {
  readonly user: User;
  /** What `Memberships.listForUser(user.id)` gives: every status, each with its organization's name. */
  readonly memberships: readonly MembershipSummary[];
}

/**
 * Reads the caller of a request. One read rather than `Users` then `Memberships`, so a SQL store
 * answers it in one round trip (docs/performance.md): authentication needs the row on every bearer request,
 * and `/users/me` answers with both.
 */
export interface Callers {
  /** The row for a provider id (deleted or not) with its memberships; None when no row exists. */
  findByIdpId(idpId: IdpUserId): Promise<Option<Caller>>;
}
