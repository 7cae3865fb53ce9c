import * as O from 'fp-ts/lib/Option.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import { pipe } from 'fp-ts/lib/function.js';
import type { Email } from '../identity/email.js';
import type { UserId } from '../identity/identifiers.js';
import { alreadyMember, type AlreadyMember } from '../invitation/invitation.errors.js';
import type { Memberships } from '../membership/ports/memberships.js';
import type { OrganizationId } from '../organization/organization.js';
import { drawBudgets } from '../shared/draw-budgets.js';
import { fromPort } from '../shared/from-port.js';
import { botCheckFailed, purchaseRateLimited, type BotCheckFailed, type PurchaseRateLimited } from './commerce.errors.js';
import type { BotCheck } from './ports/bot-check.js';
import type { PurchaseThrottle } from './ports/purchase-throttle.js';

/** Ports the purchase's guards need. */
export interface PurchaseGuardDeps {
  readonly botCheck: BotCheck;
  readonly purchaseThrottle: PurchaseThrottle;
  readonly memberships: Memberships;
}

/**
 * Where the bot check is on, the request's token must verify (once, with the sender's address);
 * a missing token fails like a wrong one.
 */
export const checkBot = (
  deps: PurchaseGuardDeps,
  token: string | undefined,
  remoteAddress: string,
): TE.TaskEither<BotCheckFailed, void> => {
  if (!deps.botCheck.required) return TE.right(undefined);
  if (token === undefined) return TE.left(botCheckFailed());
  return pipe(
    fromPort(() => deps.botCheck.verify(token, remoteAddress)),
    TE.flatMap((passed) => (passed ? TE.right(undefined) : TE.left(botCheckFailed()))),
  );
};

/**
 * One point from the address's budget, then from the buyer's email's, or none: the address first, so
 * that one source cycling through addresses is stopped by its own budget before spending anyone's.
 */
export const throttlePurchase = (deps: PurchaseGuardDeps, email: Email, remoteAddress: string): TE.TaskEither<PurchaseRateLimited, void> =>
  pipe(
    fromPort(() =>
      drawBudgets([
        [deps.purchaseThrottle.address, remoteAddress],
        [deps.purchaseThrottle.email, email],
      ]),
    ),
    TE.flatMap((decision) => (decision.allowed ? TE.right(undefined) : TE.left(purchaseRateLimited(decision.retryAfterSeconds)))),
  );

/**
 * A signed-in buyer who already holds a live membership (active or suspended) here is told so before
 * paying. An anonymous buyer is never checked: the answer would reveal whether an address is a member.
 */
export const refuseKnownMember = (
  deps: PurchaseGuardDeps,
  organizationId: OrganizationId,
  buyer: UserId | undefined,
): TE.TaskEither<AlreadyMember, void> =>
  buyer === undefined
    ? TE.right(undefined)
    : pipe(
        fromPort(() => deps.memberships.findForUser(organizationId, buyer)),
        TE.flatMap((found) =>
          O.isSome(found) && (found.value.status === 'active' || found.value.status === 'suspended')
            ? TE.left(alreadyMember())
            : TE.right(undefined),
        ),
      );
