import * as E from 'fp-ts/lib/Either.js';
import * as O from 'fp-ts/lib/Option.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import { announceAcceptance, type PushDeps } from '../announcements.js';
import { verifiedEmail, type User } from '../../identity/user.js';
import { fromPort } from '../../shared/from-port.js';
import { expireInvitation, type InvitationStepsDeps } from '../invitation-steps.js';
import { isExpired, type Invitation } from '../invitation.js';
import { claimAndPromote } from '../invitee.js';

/** How many pending invitations a user's arrival accepted. */
export interface AcceptedInvitations {
  readonly accepted: number;
}

/** A user who just arrived, or whose primary email was just verified (the row says which address, and whether verified). */
export interface Arrival {
  readonly user: User;
  /** `false` when the store already looked and found no pending invitation for the email (see `UserSync`). */
  readonly invitationsPending?: boolean;
}

/** Accepts the pending invitations addressed to a user who just arrived; see ARCHITECTURE §4. */
export type AcceptPendingInvitations = (arrival: Arrival) => TE.TaskEither<never, AcceptedInvitations>;

const acceptOne = async (deps: InvitationStepsDeps & PushDeps, invitation: Invitation, user: User): Promise<boolean> => {
  if (isExpired(invitation, deps.clock.now())) {
    await deps.unitOfWork.run(async () => E.right(await expireInvitation(deps, invitation, null)));
    return false;
  }
  const membership = O.toNullable(await deps.memberships.findById(invitation.membershipId));
  // Only path 1 (`invited`, no user yet) is accepted on arrival: a path-2 `pending_invitation` is its
  // user's to accept in-app, even when a retried `user.created` names that user.
  if (membership === null || membership.status !== 'invited' || membership.userId !== null) return false;
  // The inviter's notice is enqueued with the claim, in its transaction.
  const result = await deps.unitOfWork.run(async () => {
    const claimed = await claimAndPromote(deps, invitation, membership, user);
    if (E.isRight(claimed)) await announceAcceptance(deps, invitation, user);
    return claimed;
  });
  return E.isRight(result);
};

/**
 * Runs on `user.created`, on the `/users/me` recovery path and `sync:users` (through the same
 * mirroring), and on the `user.updated` that first reports the primary email verified: for a user
 * whose stored primary email is verified, claims each pending, unexpired path-1 invitation for that
 * email (case-insensitive: `Email` is normalised) with the guarded update and promotes its
 * `invited` membership to `active` with the invited role, then notifies each inviter. A replay
 * claims nothing; an unverified or unknown email claims nothing; a path-2 invitation is left to
 * its user's in-app answer.
 *
 * @example
 * const accept = acceptPendingInvitations({ invitations, memberships, auditLog, unitOfWork, clock, ids, jobQueue });
 * await accept({ user })(); // Right({ accepted: 1 })
 */
export const acceptPendingInvitations =
  (deps: InvitationStepsDeps & PushDeps): AcceptPendingInvitations =>
  ({ user, invitationsPending }) =>
    fromPort(async () => {
      const email = verifiedEmail(user);
      if (email === null || user.deletedAt !== null || invitationsPending === false) return { accepted: 0 };
      let accepted = 0;
      for (const invitation of await deps.invitations.listPendingForEmail(email)) {
        if (await acceptOne(deps, invitation, user)) accepted += 1;
      }
      return { accepted };
    });
