import * as E from 'fp-ts/lib/Either.js';
import { expireInvitation, type InvitationStepsDeps } from '../invitation-steps.js';

/** How many invitations one run expires at most (the next run takes the rest). */
export const EXPIRY_BATCH = 100;

/**
 * Expires the pending invitations past `expiresAt` (they otherwise expire only when touched): each in
 * its own unit of work, a guarded update (one another request expired or accepted first is skipped),
 * its membership cancelled, its audit entry and `invitation.expired` event written with it. Resolves
 * with how many it expired.
 *
 * @example
 * await expirePendingInvitations(deps)(); // 3
 */
export const expirePendingInvitations =
  (deps: InvitationStepsDeps) =>
  async (batch: number = EXPIRY_BATCH): Promise<number> => {
    let expired = 0;
    for (const invitation of await deps.invitations.listPendingExpired(deps.clock.now(), batch)) {
      const moved = await deps.unitOfWork.run(async () => E.right(await expireInvitation(deps, invitation, null)));
      if (E.isRight(moved) && moved.right) expired += 1;
    }
    return expired;
  };
