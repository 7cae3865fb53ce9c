import * as E from 'fp-ts/lib/Either.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import { pipe } from 'fp-ts/lib/function.js';
import { announceAcceptance, type PushDeps } from '../announcements.js';
import type { AuthPayload } from '../../identity/auth-payload.js';
import type { UserDeleted, UserNotFound } from '../../identity/identity.errors.js';
import type { MembershipChangedConcurrently } from '../../membership/membership.errors.js';
import type { Membership } from '../../membership/membership.js';
import type {
  AlreadyMember,
  EmailNotVerified,
  InvalidInvitationToken,
  InvitationExpired,
  InvitationNotFound,
  InvitationNotPending,
  NotTheInvitee,
} from '../invitation.errors.js';
import { requirePending, type InvitationStepsDeps } from '../invitation-steps.js';
import { claimAndPromote, requireInvitee, requireVerifiedUser, resolveInvitation, type InvitationReference } from '../invitee.js';
import type { InviteTokens } from '../ports/invite-tokens.js';

/** What accepting can answer. */
export type AcceptInvitationError =
  | UserNotFound
  | UserDeleted
  | EmailNotVerified
  | InvalidInvitationToken
  | InvitationNotFound
  | NotTheInvitee
  | InvitationNotPending
  | InvitationExpired
  | AlreadyMember
  | MembershipChangedConcurrently;

/**
 * The invitee accepts, by token or by invitation id: the caller must hold a verified primary email
 * (`EmailNotVerified` otherwise) and be the invitee (the user the membership was made for, or the
 * holder of the invited address). An expired invitation is moved
 * to `expired` (`InvitationExpired`); the claim is guarded, so of two concurrent accepts exactly
 * one wins and the other gets `InvitationNotPending`. The membership becomes `active`, and the
 * inviter's devices are notified (a job enqueued with the claim).
 *
 * @example
 * await acceptInvitation(deps)(request.auth, { token })(); // Right({ status: 'active', role: 'coach', … })
 */
export const acceptInvitation =
  (deps: InvitationStepsDeps & PushDeps & { readonly inviteTokens: InviteTokens }) =>
  (caller: AuthPayload, reference: InvitationReference): TE.TaskEither<AcceptInvitationError, Membership> =>
    pipe(
      TE.fromEither(requireVerifiedUser(caller)),
      TE.bindTo('user'),
      TE.bindW('found', () => resolveInvitation(deps, reference)),
      TE.bindW('membership', ({ user, found }) => requireInvitee(deps, found, user)),
      TE.bindW('invitation', ({ user, found }) => requirePending(deps, found, user.id)),
      TE.flatMap(
        ({ user, invitation, membership }) =>
          // The inviter's notice is enqueued in the same transaction: it exists if and only if the claim committed.
          () =>
            deps.unitOfWork.run(async () => {
              const claimed = await claimAndPromote(deps, invitation, membership, user);
              if (E.isRight(claimed)) await announceAcceptance(deps, invitation, user);
              return claimed;
            }),
      ),
    );
