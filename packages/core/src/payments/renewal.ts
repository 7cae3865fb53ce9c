import type { IyzicoSubscriptionNotified } from './callback.js';
import { merchantReferenceOf, type PaymentId, type PaymentTransaction } from './payment.js';
import type { PaymentSubscription } from './subscription.js';

/**
 * The transaction of one subscription period, before its first delivery is applied: awaiting the
 * provider, for the plan's amount, keyed by iyzico's order reference (unique per provider).
 */
export const renewalOf = (subscription: PaymentSubscription, event: IyzicoSubscriptionNotified, id: string, now: Date): PaymentTransaction => ({
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
