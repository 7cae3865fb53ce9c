import * as TE from 'fp-ts/lib/TaskEither.js';
import type { User } from '../../identity/user.js';

/** How many pending invitations a user's arrival accepted. */
export interface AcceptedInvitations {
  readonly accepted: number;
}

/** Accepts the pending invitations addressed to a user who just arrived; see ARCHITECTURE §4. */
export type AcceptPendingInvitations = (user: User) => TE.TaskEither<never, AcceptedInvitations>;

/**
 * Accepts the pending invitations that match a newly arrived user. Invitations do not exist yet,
 * so nothing matches; issue #5 (organizations and invitations) gives it its ports and rules.
 *
 * @example
 * const accept = acceptPendingInvitations();
 * await accept(user)(); // Right({ accepted: 0 })
 */
export const acceptPendingInvitations = (): AcceptPendingInvitations => () => TE.right({ accepted: 0 });
