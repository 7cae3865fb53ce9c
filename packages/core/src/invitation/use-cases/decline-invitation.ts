import * as TE from 'fp-ts/lib/TaskEither.js';
import { pipe } from 'fp-ts/lib/function.js';
import type { AuthPayload } from '../../identity/auth-payload.js';
import type { UserDeleted, UserNotFound } from '../../identity/identity.errors.js';
import type {
  EmailNotVerified,
  InvalidInvitationToken,
  InvitationExpired,
  InvitationNotFound,
  InvitationNotPending,
  NotTheInvitee,
} from '../invitation.errors.js';
import { endInvitation, requirePending, type InvitationDeps } from '../invitation-steps.js';
import { toInvitationView, type InvitationView } from '../invitation.js';
import { requireInvitee, requireVerifiedUser, resolveInvitation, type InvitationReference } from '../invitee.js';

/** What declining can answer. */
export type DeclineInvitationError =
  | UserNotFound
  | UserDeleted
  | EmailNotVerified
  | InvalidInvitationToken
  | InvitationNotFound
  | NotTheInvitee
  | InvitationNotPending
  | InvitationExpired;

/**
 * The invitee declines, by token or by invitation id (from a verified primary email only,
 * `EmailNotVerified` otherwise): the invitation is revoked with reason
 * `declined`, its membership `cancelled`, and the provider invitation of path 1 revoked too.
 *
 * @example
 * await declineInvitation(deps)(request.auth, { invitationId })(); // Right({ status: 'revoked', revokedReason: 'declined', … })
 */
export const declineInvitation =
  (deps: InvitationDeps) =>
  (caller: AuthPayload, reference: InvitationReference): TE.TaskEither<DeclineInvitationError, InvitationView> =>
    pipe(
      TE.fromEither(requireVerifiedUser(caller)),
      TE.bindTo('user'),
      TE.bindW('found', () => resolveInvitation(deps, reference)),
      TE.tap(({ user, found }) => requireInvitee(deps, found, user)),
      TE.bindW('invitation', ({ user, found }) => requirePending(deps, found, user.id)),
      TE.flatMap(({ user, invitation }) => endInvitation(deps, invitation, 'declined', 'invitation.declined', user.id)),
      TE.map(toInvitationView),
    );
