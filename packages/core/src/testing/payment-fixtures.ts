import type { UserId } from '../identity/identifiers.js';
import type { OrganizationId } from '../organization/organization.js';
import type { IyzicoSubscriptionNotified, PaytrNotified } from '../payments/callback.js';
import type { PaymentSubscription, SubscriptionReferenceCode } from '../payments/subscription.js';
import { merchantReferenceOf, type PaymentId, type PaymentTransaction } from '../payments/payment.js';
import type { PaymentStatus } from '../payments/payment-status.js';
import type { IdGenerator } from '../shared/id-generator.js';
import { fixtureUuid } from './fixture-ids.js';

const T = new Date('2026-03-01T10:00:00.000Z');

/** A payment transaction with readable defaults: PayTR, 150.00 TRY, awaiting the customer. */
export const aPayment = (
  id: string,
  organizationId: string,
  overrides: Partial<Omit<PaymentTransaction, 'id' | 'organizationId'>> & { readonly status?: PaymentStatus } = {},
): PaymentTransaction => ({
  id: id as PaymentId,
  organizationId: organizationId as OrganizationId,
  createdBy: null as UserId | null,
  provider: 'paytr',
  merchantReference: merchantReferenceOf(id as PaymentId),
  description: 'Monthly membership',
  amountMinor: 15000,
  paidAmountMinor: null,
  currency: 'TRY',
  status: 'awaiting_customer',
  providerPaymentId: null,
  providerToken: null,
  orderReferenceCode: null,
  subscriptionReferenceCode: null,
  failureCode: null,
  lateSuccess: false,
  createdAt: T,
  updatedAt: T,
  completedAt: null,
  ...overrides,
});

/** A verified PayTR notification for a payment. */
export const aPaytrNotice = (
  payment: PaymentTransaction,
  status: 'success' | 'failed',
  totalAmountMinor = payment.amountMinor,
): PaytrNotified => ({
  _tag: 'PaytrNotified',
  scheme: 'paytr-notification',
  dedupeKey: `${payment.merchantReference}:${status}`,
  receivedAt: new Date('2026-03-01T10:05:00.000Z'),
  merchantOid: payment.merchantReference,
  status,
  totalAmountMinor,
  unsigned: {
    paymentAmountMinor: payment.amountMinor,
    currency: 'TL',
    paymentType: 'card',
    testMode: true,
    failedReasonCode: status === 'failed' ? '6' : undefined,
  },
});

/** UUIDs counting up under a prefix, so the cases of one database never collide. */
export const prefixedIds = (prefix: number): IdGenerator => {
  let n = 0;
  return { uuid: () => fixtureUuid(prefix, ++n) };
};

/** An iyzico subscription linked to an organization: 99.00 TRY a period. */
export const aSubscription = (
  id: string,
  organizationId: string,
  subscriptionReferenceCode = 'ea0362e2-a1c4-4fda-89f0-3758a5c20a28',
): PaymentSubscription => ({
  id,
  organizationId: organizationId as OrganizationId,
  provider: 'iyzico',
  subscriptionReferenceCode: subscriptionReferenceCode as SubscriptionReferenceCode,
  amountMinor: 9900,
  currency: 'TRY',
  description: 'Monthly membership (subscription)',
  createdBy: null,
  createdAt: T,
  status: 'active',
});

/** A verified iyzico subscription webhook for one order of a subscription. */
export const aSubscriptionNotice = (
  subscriptionReferenceCode: string,
  orderReferenceCode: string,
  outcome: 'success' | 'failure',
): IyzicoSubscriptionNotified => ({
  _tag: 'IyzicoSubscriptionNotified',
  scheme: 'iyzico-subscription',
  dedupeKey: `subscription.order.${outcome}:${orderReferenceCode}`,
  receivedAt: new Date('2026-03-01T10:05:00.000Z'),
  eventType: `subscription.order.${outcome}`,
  subscriptionReferenceCode,
  orderReferenceCode,
  customerReferenceCode: 'ff4052ca-0588-40eb-81a9-848c0c409472',
  unsigned: { referenceCode: '18d7cc48-a64b-4cd3-ae68-71aff1c76ed9', eventTimeMs: 1758704403161 },
});
