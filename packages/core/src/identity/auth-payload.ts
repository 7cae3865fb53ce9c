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
}

/** The session-token role that grants Platform Admin powers. */
export const PLATFORM_ADMIN_ROLE = 'platform_admin';
