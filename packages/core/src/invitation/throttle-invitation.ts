import * as TE from 'fp-ts/lib/TaskEither.js';
import { pipe } from 'fp-ts/lib/function.js';
import { fromPort } from '../shared/from-port.js';
import { drawBudgets } from '../shared/draw-budgets.js';
import { invitationRateLimited, type InvitationRateLimited } from './invitation.errors.js';
import type { InvitationBudget, InvitationThrottle } from './ports/invitation-throttle.js';

/** The port the invitation throttles need. */
export interface ThrottleInvitationDeps {
  readonly invitationThrottle: InvitationThrottle;
}

/** One draw on a budget: which budget, for which key. */
export type InvitationDraw = readonly [budget: InvitationBudget, key: string];

/**
 * Takes one point from each budget in order, or none: the first budget that refuses answers
 * `InvitationRateLimited` with its wait, and the points already taken are given back. Order the
 * draws from the caller's own budget outwards, so that a refused inviter never spends the
 * organization's budget.
 *
 * @example
 * throttleInvitation(deps, [['inviter', userId], ['organization', orgId], ['recipient', email]]);
 */
export const throttleInvitation = (
  deps: ThrottleInvitationDeps,
  draws: readonly InvitationDraw[],
): TE.TaskEither<InvitationRateLimited, void> =>
  pipe(
    fromPort(() => drawBudgets(draws.map(([budget, key]) => [deps.invitationThrottle[budget], key] as const))),
    TE.flatMap((decision) => (decision.allowed ? TE.right(undefined) : TE.left(invitationRateLimited(decision.retryAfterSeconds)))),
  );

/**
 * Gives back one point to each budget of an invitation that was drawn for but sent nothing (a
 * duplicate the store refused, a provider that could not mail it), so that retrying costs nothing.
 */
export const refundInvitation = (deps: ThrottleInvitationDeps, draws: readonly InvitationDraw[]): TE.TaskEither<never, void> =>
  fromPort(async () => {
    await Promise.all(draws.map(([budget, key]) => deps.invitationThrottle[budget].refund(key)));
  });
