import { PlanCurrency, PlanPeriod, PlanRole, PurchaseStatus } from '@idv/core';
import { EntitySchema } from '@mikro-orm/core';
import type { OrganizationRow } from './organization.entity.js';
import type { PaymentTransactionRow } from './payment-transaction.entity.js';
import type { PlanRow } from './plan.entity.js';
import { MILLISECOND_TIMESTAMP } from './timestamp-columns.js';

/** A `purchases` row as the ORM sees it. */
export interface PurchaseRow {
  id: string;
  organization: OrganizationRow;
  plan: PlanRow;
  payment: PaymentTransactionRow;
  email: string;
  buyerName: string;
  locale: string;
  status: PurchaseStatus;
  priceMinor: bigint;
  currency: PlanCurrency;
  period: PlanPeriod;
  grantsRole: PlanRole;
  createdAt: Date;
  updatedAt: Date;
  paymentDueAt: Date;
}

/**
 * The `purchases` table: a visitor's purchase of a plan, with the plan's terms as they were and
 * its one payment. Never card data, never a national ID.
 */
export const PurchaseSchema = new EntitySchema<PurchaseRow>({
  name: 'Purchase',
  tableName: 'purchases',
  properties: {
    id: { type: 'uuid', primary: true },
    organization: { kind: 'm:1', entity: 'Organization', fieldName: 'organization_id', deleteRule: 'restrict' },
    plan: { kind: 'm:1', entity: 'Plan', fieldName: 'plan_id', deleteRule: 'restrict' },
    payment: {
      kind: 'm:1',
      entity: 'PaymentTransaction',
      fieldName: 'payment_id',
      deleteRule: 'restrict',
      unique: 'purchases_payment_unique',
    },
    email: { type: 'text' },
    buyerName: { type: 'text', fieldName: 'buyer_name' },
    locale: { type: 'text' },
    status: { enum: true, items: Object.keys(PurchaseStatus.keys) },
    priceMinor: { type: 'bigint', fieldName: 'price_minor' },
    currency: { enum: true, items: Object.keys(PlanCurrency.keys) },
    period: { enum: true, items: Object.keys(PlanPeriod.keys) },
    grantsRole: { enum: true, items: Object.keys(PlanRole.keys), fieldName: 'grants_role' },
    createdAt: { ...MILLISECOND_TIMESTAMP, fieldName: 'created_at', defaultRaw: 'now()' },
    updatedAt: { ...MILLISECOND_TIMESTAMP, fieldName: 'updated_at', defaultRaw: 'now()' },
    paymentDueAt: { ...MILLISECOND_TIMESTAMP, fieldName: 'payment_due_at' },
  },
  indexes: [
    // The seat count reads a plan's purchases by status.
    { name: 'purchases_plan_status_index', properties: ['plan', 'status'] },
  ],
});
