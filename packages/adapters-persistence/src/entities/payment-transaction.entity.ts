import { Currency, PaymentProvider, PaymentStatus } from '@idv/core';
import { EntitySchema } from '@mikro-orm/core';
import type { OrganizationRow } from './organization.entity.js';
import { MILLISECOND_TIMESTAMP } from './timestamp-columns.js';
import type { UserRow } from './user.entity.js';

/** A `payment_transactions` row as the ORM sees it. No card data, ever. */
export interface PaymentTransactionRow {
  id: string;
  organization: OrganizationRow;
  createdBy: UserRow | null;
  provider: PaymentProvider;
  merchantReference: string;
  description: string;
  amountMinor: bigint;
  paidAmountMinor: bigint | null;
  currency: Currency;
  status: PaymentStatus;
  providerPaymentId: string | null;
  providerToken: string | null;
  orderReferenceCode: string | null;
  subscriptionReferenceCode: string | null;
  failureCode: string | null;
  lateSuccess: boolean;
  version: number;
  createdAt: Date;
  updatedAt: Date;
  completedAt: Date | null;
}

/** The `payment_transactions` table (reference §8.5): money in minor units, unique provider references. */
export const PaymentTransactionSchema = new EntitySchema<PaymentTransactionRow>({
  name: 'PaymentTransaction',
  tableName: 'payment_transactions',
  properties: {
    id: { type: 'uuid', primary: true },
    // A payment record outlives its organization (soft delete): a hard delete is refused.
    organization: { kind: 'm:1', entity: 'Organization', fieldName: 'organization_id', deleteRule: 'restrict' },
    createdBy: { kind: 'm:1', entity: 'User', fieldName: 'created_by', nullable: true, deleteRule: 'set null' },
    provider: { enum: true, items: Object.keys(PaymentProvider.keys) },
    merchantReference: { type: 'text', fieldName: 'merchant_reference' },
    description: { type: 'text' },
    amountMinor: { type: 'bigint', fieldName: 'amount_minor' },
    paidAmountMinor: { type: 'bigint', fieldName: 'paid_amount_minor', nullable: true },
    currency: { enum: true, items: Object.keys(Currency.keys) },
    status: { enum: true, items: Object.keys(PaymentStatus.keys) },
    providerPaymentId: { type: 'text', fieldName: 'provider_payment_id', nullable: true },
    providerToken: { type: 'text', fieldName: 'provider_token', nullable: true },
    orderReferenceCode: { type: 'text', fieldName: 'order_reference_code', nullable: true },
    subscriptionReferenceCode: { type: 'text', fieldName: 'subscription_reference_code', nullable: true },
    failureCode: { type: 'text', fieldName: 'failure_code', nullable: true },
    lateSuccess: { type: 'boolean', fieldName: 'late_success', default: false },
    version: { type: 'integer', default: 0 },
    createdAt: { ...MILLISECOND_TIMESTAMP, fieldName: 'created_at', defaultRaw: 'now()' },
    updatedAt: { ...MILLISECOND_TIMESTAMP, fieldName: 'updated_at', defaultRaw: 'now()' },
    completedAt: { ...MILLISECOND_TIMESTAMP, fieldName: 'completed_at', nullable: true },
  },
  indexes: [
    // The sweeper scans open payments by age.
    {
      name: 'payment_transactions_open_index',
      expression: `create index "payment_transactions_open_index" on "payment_transactions" ("status", "updated_at") where "status" in ('initiated', 'awaiting_customer', 'authorizing', 'under_review')`,
    },
    { name: 'payment_transactions_organization_index', properties: ['organization', 'createdAt'] },
  ],
  uniques: [
    { name: 'payment_transactions_merchant_reference_unique', properties: ['provider', 'merchantReference'] },
    {
      name: 'payment_transactions_provider_payment_id_unique',
      expression: `create unique index "payment_transactions_provider_payment_id_unique" on "payment_transactions" ("provider", "provider_payment_id") where "provider_payment_id" is not null`,
    },
    {
      name: 'payment_transactions_provider_token_unique',
      expression: `create unique index "payment_transactions_provider_token_unique" on "payment_transactions" ("provider", "provider_token") where "provider_token" is not null`,
    },
    {
      name: 'payment_transactions_order_reference_unique',
      expression: `create unique index "payment_transactions_order_reference_unique" on "payment_transactions" ("provider", "order_reference_code") where "order_reference_code" is not null`,
    },
  ],
});
