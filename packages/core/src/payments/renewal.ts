import * as E from 'fp-ts/lib/Either.js';
import * as O from 'fp-ts/lib/Option.js';
import type { IyzicoSubscriptionNotified } from './callback.js';
import type { GatewayFailure, ProviderSubscription } from './ports/payment-gateway.js';
import { merchantReferenceOf, type PaymentId, type PaymentTransaction } from './payment.js';
import type { PaymentSubscription } from './subscription.js';

/**
 * The transaction of one subscription period, before its first delivery is applied: awaiting the
 * provider, for the plan's amount, keyed by iyzico's order reference (unique per provider).
 */
export const renewalOf = (
  subscription: PaymentSubscription,
  event: IyzicoSubscriptionNotified,
  id: string,
  now: Date,
): PaymentTransaction => ({
  id: id as PaymentId,
  organizationId: subscription.organizationId,
  createdBy: null,
  provider: 'iyzico',
  merchantReference: merchantReferenceOf(id as PaymentId),
  description: subscription.description,
  amountMinor: subscription.amountMinor,
  paidAmountMinor: null,
  currency: subscription.currency,
  status: 'awaiting_customer',
  providerPaymentId: null,
  providerToken: null,
  orderReferenceCode: event.orderReferenceCode,
  subscriptionReferenceCode: subscription.subscriptionReferenceCode,
  failureCode: null,
  lateSuccess: false,
  createdAt: now,
  updatedAt: now,
  completedAt: null,
});

/**
 * What iyzico's subscription detail says about one renewal: it `agrees` when it lists the order with
 * the amount and currency verified at link time; otherwise why the renewal cannot be trusted
 * (the subscription webhook carries no amount, reference §3).
 */
export type RenewalCheck =
  | { readonly kind: 'agrees' }
  | {
      readonly kind: 'disagrees';
      readonly reason: 'provider_unavailable' | 'subscription_not_found' | 'order_not_found' | 'amount_mismatch';
    };

/**
 * Compares a renewal with the provider's detail of its subscription (one pure rule).
 *
 * @example
 * verifyRenewal(subscription, 'order-1', E.right(O.some(detail))); // { kind: 'agrees' }
 */
export const verifyRenewal = (
  subscription: PaymentSubscription,
  orderReferenceCode: string,
  detail: E.Either<GatewayFailure, O.Option<ProviderSubscription>>,
): RenewalCheck => {
  if (E.isLeft(detail)) return { kind: 'disagrees', reason: 'provider_unavailable' };
  if (O.isNone(detail.right)) return { kind: 'disagrees', reason: 'subscription_not_found' };
  const order = detail.right.value.orders.find((candidate) => candidate.referenceCode === orderReferenceCode);
  if (order === undefined) return { kind: 'disagrees', reason: 'order_not_found' };
  return order.amountMinor === subscription.amountMinor && order.currency === subscription.currency
    ? { kind: 'agrees' }
    : { kind: 'disagrees', reason: 'amount_mismatch' };
};
