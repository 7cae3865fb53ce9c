import * as t from 'io-ts';
import { withJsonSchema } from '../shared/json-schema.js';
import type { UserId } from '../identity/identifiers.js';
import type { OrganizationId } from '../organization/organization.js';
import type { Currency, PaymentProvider } from './payment.js';

/** Brand of `SubscriptionReferenceCode`. */
export interface SubscriptionReferenceCodeBrand {
  readonly SubscriptionReferenceCode: unique symbol;
}
const SUBSCRIPTION_REFERENCE_CODE = /^[A-Za-z0-9-]{1,64}$/;
/** iyzico's `subscriptionReferenceCode` (a UUID in every sample; any 1–64 letters, digits and dashes accepted). */
export const SubscriptionReferenceCode = withJsonSchema(
  t.brand(
    t.string,
    (s): s is t.Branded<string, SubscriptionReferenceCodeBrand> => SUBSCRIPTION_REFERENCE_CODE.test(s),
    'SubscriptionReferenceCode',
  ),
  { type: 'string', pattern: SUBSCRIPTION_REFERENCE_CODE.source },
);
/** A provider subscription reference. */
export type SubscriptionReferenceCode = t.TypeOf<typeof SubscriptionReferenceCode>;

/**
 * Where a link stands: `active`; `cancelled` at the provider when its organization was deleted; or
 * `cancel_failed` when that cancel did not go through (someone must cancel it in iyzico's panel;
 * `select * from payment_subscriptions where status = 'cancel_failed'`).
 */
export const SubscriptionLinkStatus = t.keyof({ active: null, cancelled: null, cancel_failed: null }, 'SubscriptionLinkStatus');
/** Where a link stands. */
export type SubscriptionLinkStatus = t.TypeOf<typeof SubscriptionLinkStatus>;

/**
 * An iyzico subscription linked to an organization: our local plan. iyzico's subscription webhook
 * carries no amount and no organization (reference §3), so each renewal takes both from here.
 */
export interface PaymentSubscription {
  readonly id: string;
  readonly organizationId: OrganizationId;
  readonly provider: Extract<PaymentProvider, 'iyzico'>;
  readonly subscriptionReferenceCode: SubscriptionReferenceCode;
  /** What one period costs, in minor units: verified against the provider's plan when linked. */
  readonly amountMinor: number;
  readonly currency: Currency;
  readonly description: string;
  readonly createdBy: UserId | null;
  readonly createdAt: Date;
  readonly status: SubscriptionLinkStatus;
}
