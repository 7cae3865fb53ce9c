import * as E from 'fp-ts/lib/Either.js';
import * as O from 'fp-ts/lib/Option.js';
import type { Clock } from '../shared/clock.js';
import { purchaseNotFound, statusTokenExpired, type PurchaseNotFound, type StatusTokenExpired } from './commerce.errors.js';
import type { PurchaseStatusTokens } from './ports/purchase-status-tokens.js';
import type { Purchases } from './ports/purchases.js';
import type { Purchase, PurchaseId } from './purchase.js';

/**
 * The purchase a status token opens: a token that is not this purchase's is `PurchaseNotFound` (as
 * an unknown purchase is: the same HMAC check either way, so neither tells the other apart), an
 * expired one `StatusTokenExpired`.
 */
export const checkStatusToken = async (
  deps: { readonly purchases: Purchases; readonly purchaseStatusTokens: PurchaseStatusTokens; readonly clock: Clock },
  purchaseId: PurchaseId,
  token: string,
): Promise<E.Either<PurchaseNotFound | StatusTokenExpired, Purchase>> => {
  const check = deps.purchaseStatusTokens.check(purchaseId, token, deps.clock.now());
  if (check === 'invalid') return E.left(purchaseNotFound());
  if (check === 'expired') return E.left(statusTokenExpired());
  const found = await deps.purchases.findById(purchaseId);
  return O.isNone(found) ? E.left(purchaseNotFound()) : E.right(found.value);
};
