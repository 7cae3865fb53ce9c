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
  flags: string[];
  membershipId: string | null;
  invitationId: string | null;
  paidAt: Date | null;
  validUntil: Date | null;
  linksAnsweredAt: Date | null;
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
    // What the verified payment granted (the grant runs in the payment's unit of work).
    flags: { type: 'json', columnType: 'jsonb', defaultRaw: `'[]'` },
    membershipId: { type: 'uuid', fieldName: 'membership_id', nullable: true },
    invitationId: { type: 'uuid', fieldName: 'invitation_id', nullable: true },
    paidAt: { ...MILLISECOND_TIMESTAMP, fieldName: 'paid_at', nullable: true },
    validUntil: { ...MILLISECOND_TIMESTAMP, fieldName: 'valid_until', nullable: true },
    linksAnsweredAt: { ...MILLISECOND_TIMESTAMP, fieldName: 'links_answered_at', nullable: true },
  },
  indexes: [
    // The seat count reads a plan's purchases by status.
    { name: 'purchases_plan_status_index', properties: ['plan', 'status'] },
    // A membership's validity is read by its membership.
    { name: 'purchases_membership_index', properties: ['membershipId'] },
  ],
});
