import * as E from 'fp-ts/lib/Either.js';
import * as O from 'fp-ts/lib/Option.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { PaymentTransactions } from '../../payments/ports/payment-transactions.js';
import type { Clock } from '../../shared/clock.js';
import { purchaseNotFound, statusTokenExpired, type PurchaseNotFound, type StatusTokenExpired } from '../commerce.errors.js';
import type { PurchaseStatusTokens } from '../ports/purchase-status-tokens.js';
import type { Purchases } from '../ports/purchases.js';
import { shownStatus, type Purchase, type PurchaseId, type PurchaseStatus } from '../purchase.js';

/** What the buyer does next: pay; nothing yet (the grant is on its way); or nothing more. */
export type PurchaseNextStep = 'pay' | 'wait' | 'none';

/** A purchase as its buyer follows it. */
export interface PurchaseProgress {
  readonly purchase: Purchase;
  readonly status: PurchaseStatus;
  readonly next: PurchaseNextStep;
}

const NEXT: { readonly [S in PurchaseStatus]: PurchaseNextStep } = {
  awaiting_payment: 'pay',
  paid: 'wait',
  completed: 'none',
  failed: 'none',
  expired: 'none',
};

/**
 * A purchase's status for its buyer, authenticated by its status token: a token that is not this
 * purchase's is `PurchaseNotFound` (as an unknown purchase is: the same HMAC check either way, so
 * neither tells the other apart), an expired one `StatusTokenExpired`.
 *
 * @example
 * await getPurchaseStatus(deps)(purchaseId, token)(); // Right({ purchase, status: 'awaiting_payment', next: 'pay' })
 */
export const getPurchaseStatus =
  (deps: {
    readonly purchases: Purchases;
    readonly paymentTransactions: PaymentTransactions;
    readonly purchaseStatusTokens: PurchaseStatusTokens;
    readonly clock: Clock;
  }) =>
  (purchaseId: PurchaseId, token: string): TE.TaskEither<PurchaseNotFound | StatusTokenExpired, PurchaseProgress> =>
  async () => {
    const check = deps.purchaseStatusTokens.check(purchaseId, token, deps.clock.now());
    if (check === 'invalid') return E.left(purchaseNotFound());
    if (check === 'expired') return E.left(statusTokenExpired());
    const found = await deps.purchases.findById(purchaseId);
    if (O.isNone(found)) return E.left(purchaseNotFound());
    const payment = await deps.paymentTransactions.findById(found.value.paymentId);
    const status = O.isNone(payment) ? found.value.status : shownStatus(found.value, payment.value.status);
    return E.right({ purchase: found.value, status, next: NEXT[status] });
  };
