import { Currency, MerchantReference, OrganizationId, PaymentId, PaymentProvider, PaymentStatus, UserId, type PaymentTransaction } from '@idv/core';
import { InvalidRow } from '../errors/invalid-row.js';
import { toDate, toNumber, type DateParser } from './column-values.js';
import { decodeColumn, decodeNullable, requireDate, Text } from './decode-column.js';

/** A `payment_transactions` row as the driver returns it. */
export interface PaymentTransactionRecord {
  readonly id: unknown;
  readonly organization_id: unknown;
  readonly created_by: unknown;
  readonly provider: unknown;
  readonly merchant_reference: unknown;
  readonly description: unknown;
  readonly amount_minor: unknown;
  readonly paid_amount_minor: unknown;
  readonly currency: unknown;
  readonly status: unknown;
  readonly provider_payment_id: unknown;
  readonly provider_token: unknown;
  readonly order_reference_code: unknown;
  readonly subscription_reference_code: unknown;
  readonly failure_code: unknown;
  readonly late_success: unknown;
  readonly created_at: unknown;
  readonly updated_at: unknown;
  readonly completed_at: unknown;
}

/** Every column the repository reads, in `toRow` order. */
export const PAYMENT_COLUMNS =
  '"id", "organization_id", "created_by", "provider", "merchant_reference", "description", "amount_minor", "paid_amount_minor", "currency", "status", ' +
  '"provider_payment_id", "provider_token", "order_reference_code", "subscription_reference_code", "failure_code", "late_success", "created_at", "updated_at", "completed_at"';

const amount = (value: unknown, column: string): number => {
  const n = toNumber(value);
  if (n === null || !Number.isSafeInteger(n)) throw new InvalidRow(column, 'amount');
  return n;
};

/** A stored row as a core PaymentTransaction; a value that does not decode is a defect (`invalid_row`). */
export const paymentTransactionToDomain = (row: PaymentTransactionRecord, parseDate: DateParser): PaymentTransaction => ({
  id: decodeColumn(PaymentId, row.id, 'payment_transactions.id'),
  organizationId: decodeColumn(OrganizationId, row.organization_id, 'payment_transactions.organization_id'),
  createdBy: decodeNullable(UserId, row.created_by, 'payment_transactions.created_by'),
  provider: decodeColumn(PaymentProvider, row.provider, 'payment_transactions.provider'),
  merchantReference: decodeColumn(MerchantReference, row.merchant_reference, 'payment_transactions.merchant_reference'),
  description: decodeColumn(Text, row.description, 'payment_transactions.description'),
  amountMinor: amount(row.amount_minor, 'payment_transactions.amount_minor'),
  paidAmountMinor: row.paid_amount_minor === null ? null : amount(row.paid_amount_minor, 'payment_transactions.paid_amount_minor'),
  currency: decodeColumn(Currency, row.currency, 'payment_transactions.currency'),
  status: decodeColumn(PaymentStatus, row.status, 'payment_transactions.status'),
  providerPaymentId: decodeNullable(Text, row.provider_payment_id, 'payment_transactions.provider_payment_id'),
  providerToken: decodeNullable(Text, row.provider_token, 'payment_transactions.provider_token'),
  orderReferenceCode: decodeNullable(Text, row.order_reference_code, 'payment_transactions.order_reference_code'),
  subscriptionReferenceCode: decodeNullable(Text, row.subscription_reference_code, 'payment_transactions.subscription_reference_code'),
  failureCode: decodeNullable(Text, row.failure_code, 'payment_transactions.failure_code'),
  lateSuccess: row.late_success === true,
  createdAt: requireDate(row.created_at, parseDate, 'payment_transactions.created_at'),
  updatedAt: requireDate(row.updated_at, parseDate, 'payment_transactions.updated_at'),
  completedAt: toDate(row.completed_at, parseDate),
});

/** A PaymentTransaction as insert values, in `PAYMENT_COLUMNS` order. */
export const paymentTransactionToRow = (p: PaymentTransaction): readonly unknown[] => [
  p.id,
  p.organizationId,
  p.createdBy,
  p.provider,
  p.merchantReference,
  p.description,
  p.amountMinor,
  p.paidAmountMinor,
  p.currency,
  p.status,
  p.providerPaymentId,
  p.providerToken,
  p.orderReferenceCode,
  p.subscriptionReferenceCode,
  p.failureCode,
  p.lateSuccess,
  p.createdAt,
  p.updatedAt,
  p.completedAt,
];
