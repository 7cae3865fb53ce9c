import { Currency, PaymentProvider, SubscriptionLinkStatus } from '@idv/core';
import { EntitySchema } from '@mikro-orm/core';
import type { OrganizationRow } from './organization.entity.js';
import { MILLISECOND_TIMESTAMP } from './timestamp-columns.js';
import type { UserRow } from './user.entity.js';

/** A `payment_subscriptions` row as the ORM sees it. */
export interface PaymentSubscriptionRow {
  id: string;
  organization: OrganizationRow;
  provider: PaymentProvider;
  subscriptionReferenceCode: string;
  amountMinor: bigint;
  currency: Currency;
  description: string;
  createdBy: UserRow | null;
  createdAt: Date;
  status: SubscriptionLinkStatus;
}

/** The `payment_subscriptions` table: a provider subscription linked to an organization and its plan, once per provider reference. */
export const PaymentSubscriptionSchema = new EntitySchema<PaymentSubscriptionRow>({
  name: 'PaymentSubscription',
  tableName: 'payment_subscriptions',
  properties: {
    id: { type: 'uuid', primary: true },
    organization: { kind: 'm:1', entity: 'Organization', fieldName: 'organization_id', deleteRule: 'restrict' },
    provider: { enum: true, items: Object.keys(PaymentProvider.keys) },
    subscriptionReferenceCode: { type: 'text', fieldName: 'subscription_reference_code' },
    amountMinor: { type: 'bigint', fieldName: 'amount_minor' },
    currency: { enum: true, items: Object.keys(Currency.keys) },
    description: { type: 'text' },
    createdBy: { kind: 'm:1', entity: 'User', fieldName: 'created_by', nullable: true, deleteRule: 'set null' },
    createdAt: { ...MILLISECOND_TIMESTAMP, fieldName: 'created_at', defaultRaw: 'now()' },
    // `cancel_failed`: its organization was deleted and iyzico's cancel did not go through; a person must cancel it.
    status: { enum: true, items: Object.keys(SubscriptionLinkStatus.keys), default: 'active' },
  },
  uniques: [{ name: 'payment_subscriptions_reference_unique', properties: ['provider', 'subscriptionReferenceCode'] }],
});
