import type { MembershipSummary } from '../membership/membership.js';
import type { IdpUserId } from './identifiers.js';
import type { User } from './user.js';

/** What every authenticated request carries as `request.auth` (spec: Auth payload). */
export interface AuthPayload {
  /** The provider subject (`sub`), not the local UUID; authentication has checked its form. */
  readonly userId: IdpUserId;
  /** The `sid` claim. */
  readonly sessionId: string;
  readonly role?: string;
  /** Null when the session is valid but no local row exists yet. */
  readonly user: User | null;
  /**
   * Every membership of `user`, read with it at authentication (see `Callers`), so `/users/me`
   * needs no second read. Absent when whoever built the payload did not read them (an embedder's
   * own authentication, the test bypass of older callers): the use cases then ask `Memberships`.
   */
  readonly memberships?: readonly MembershipSummary[];
}

/** The session-token role that grants Platform Admin powers. */
export const PLATFORM_ADMIN_ROLE = 'platform_admin';
