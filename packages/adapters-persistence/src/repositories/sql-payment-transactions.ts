import {
  Currency,
  isFinal,
  MerchantReference,
  OPEN_STATUSES,
  OrganizationId,
  PaymentId,
  PaymentProvider,
  PaymentStatus,
  SWEPT_STATUSES,
  UserId,
  type Page,
  type PageRequest,
  type PaymentChange,
  type PaymentLookup,
  type PaymentTransaction,
  type PaymentTransactions,
  type SweepCutoffs,
} from '@idv/core';
import * as O from 'fp-ts/lib/Option.js';
import { toDate, toNumber, type DateParser } from '../columns/column-values.js';
import { decodeColumn, decodeNullable, requireDate, Text } from '../columns/decode-column.js';
import { InvalidRow } from '../errors/invalid-row.js';
import { guarded } from '../errors/translate-error.js';
import { emptyPage, isRowPosition, keysetPage } from '../sql/keyset.js';
import type { SqlRunner } from '../sql/sql-runner.js';
import { statement } from '../sql/statement.js';

const TABLE = '"payment_transactions"';
/** Every column the repository reads, in `paymentTransactionToRow` order. */
const PAYMENT_COLUMNS =
  '"id", "organization_id", "created_by", "provider", "merchant_reference", "description", "amount_minor", "paid_amount_minor", "currency", "status", ' +
  '"provider_payment_id", "provider_token", "order_reference_code", "subscription_reference_code", "failure_code", "late_success", "created_at", "updated_at", "completed_at"';
const VALUES = Array(19).fill('?').join(', ');
const CREATE = statement('payments_create', `insert into ${TABLE} (${PAYMENT_COLUMNS}) values (${VALUES})`);
// Concurrent first deliveries of one order: the loser waits for the winner's commit, inserts nothing, then reads its row.
const CREATE_RENEWAL = statement(
  'payments_create_renewal',
  `insert into ${TABLE} (${PAYMENT_COLUMNS}) values (${VALUES}) on conflict do nothing`,
);
const LIST_FIRST = statement(
  'payments_list_first',
  `select ${PAYMENT_COLUMNS} from ${TABLE}
where "organization_id" = ? order by "created_at" desc, "id" desc limit ?`,
);
const LIST_AFTER = statement(
  'payments_list_after',
  `select ${PAYMENT_COLUMNS} from ${TABLE}
where "organization_id" = ? and ("created_at", "id") < (?, ?) order by "created_at" desc, "id" desc limit ?`,
);
// The status lists are the core's (statuses are plain identifiers, safe as literals).
const inList = (statuses: readonly PaymentStatus[]): string => statuses.map((status) => `'${status}'`).join(', ');
// Served by the partial open-payments index on (status, updated_at).
const DUE_FOR_SWEEP = statement(
  'payments_due_for_sweep',
  `select ${PAYMENT_COLUMNS} from ${TABLE}
where ("status" in (${inList(SWEPT_STATUSES.created)}) and "created_at" < ?) or ("status" in (${inList(SWEPT_STATUSES.updated)}) and "updated_at" < ?)
order by "updated_at", "id" limit ?`,
);
const HAS_OPEN = statement(
  'payments_has_open',
  `select exists (select 1 from ${TABLE} where "organization_id" = ? and "status" in (${inList(OPEN_STATUSES)})) as "open"`,
);
const FIND_BY_ID = statement('payments_find_by_id', `select ${PAYMENT_COLUMNS} from ${TABLE} where "id" = ?`);
const FIND_BY: Readonly<Record<PaymentLookup['by'], ReturnType<typeof statement>>> = {
  merchantReference: statement(
    'payments_find_by_merchant_reference',
    `select ${PAYMENT_COLUMNS} from ${TABLE} where "provider" = ? and "merchant_reference" = ?`,
  ),
  providerPaymentId: statement(
    'payments_find_by_provider_payment_id',
    `select ${PAYMENT_COLUMNS} from ${TABLE} where "provider" = ? and "provider_payment_id" = ?`,
  ),
  providerToken: statement(
    'payments_find_by_provider_token',
    `select ${PAYMENT_COLUMNS} from ${TABLE} where "provider" = ? and "provider_token" = ?`,
  ),
  orderReferenceCode: statement(
    'payments_find_by_order_reference',
    `select ${PAYMENT_COLUMNS} from ${TABLE} where "provider" = ? and "order_reference_code" = ?`,
  ),
};

// One guarded statement: the status check and the change cannot be split by a concurrent caller.
// Optional fields carry a "set it" flag so that one prepared statement serves every transition.
const TRANSITION = statement(
  'payments_transition',
  `update ${TABLE} set "status" = ?, "updated_at" = ?, "version" = "version" + 1,
  "completed_at" = case when ?::boolean then ?::timestamptz else "completed_at" end,
  "failure_code" = case when ?::boolean then ?::text else "failure_code" end,
  "paid_amount_minor" = case when ?::boolean then ?::bigint else "paid_amount_minor" end,
  "late_success" = case when ?::boolean then ?::boolean else "late_success" end,
  "provider_payment_id" = case when ?::boolean then ?::text else "provider_payment_id" end,
  "provider_token" = case when ?::boolean then ?::text else "provider_token" end
  where "id" = ? and "status" = any(string_to_array(?::text, ','))
  returning ${PAYMENT_COLUMNS}`,
);

const optional = <A>(value: A | undefined): readonly [boolean, A | null] => (value === undefined ? [false, null] : [true, value]);

/** A `payment_transactions` row as the driver returns it. */
interface PaymentTransactionRecord {
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

const amount = (value: unknown, column: string): number => {
  const n = toNumber(value);
  if (n === null || !Number.isSafeInteger(n)) throw new InvalidRow(column, 'amount');
  return n;
};

/** A stored row as a core PaymentTransaction; a value that does not decode is a defect (`invalid_row`). */
const paymentTransactionToDomain = (row: PaymentTransactionRecord, parseDate: DateParser): PaymentTransaction => ({
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
const paymentTransactionToRow = (p: PaymentTransaction): readonly unknown[] => [
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

/** The PaymentTransactions port on raw SQL (see `SqlUsers`); transitions are single guarded updates. */
export class SqlPaymentTransactions implements PaymentTransactions {
  constructor(
    private readonly sql: SqlRunner,
    private readonly parseDate: DateParser,
  ) {}

  create(transaction: PaymentTransaction): Promise<void> {
    return guarded('paymentTransactions.create', async () => {
      await this.sql.run(CREATE, paymentTransactionToRow(transaction));
    });
  }

  createRenewal(transaction: PaymentTransaction): Promise<PaymentTransaction> {
    return guarded('paymentTransactions.createRenewal', async () => {
      await this.sql.run(CREATE_RENEWAL, paymentTransactionToRow(transaction));
      const stored = this.first(
        await this.sql.rows<PaymentTransactionRecord>(FIND_BY.orderReferenceCode, [transaction.provider, transaction.orderReferenceCode]),
      );
      if (O.isNone(stored)) throw new Error('paymentTransactions.createRenewal: the renewal is neither inserted nor found');
      return stored.value;
    });
  }

  hasOpen(organizationId: OrganizationId): Promise<boolean> {
    return guarded('paymentTransactions.hasOpen', async () => {
      const [row] = await this.sql.rows<{ readonly open: unknown }>(HAS_OPEN, [organizationId]);
      return row?.open === true;
    });
  }

  list(organizationId: OrganizationId, page: PageRequest): Promise<Page<PaymentTransaction>> {
    return guarded('paymentTransactions.list', async () => {
      const cursor = page.cursor;
      if (cursor !== undefined && !isRowPosition(cursor)) return emptyPage<PaymentTransaction>();
      const rows =
        cursor === undefined
          ? await this.sql.rows<PaymentTransactionRecord>(LIST_FIRST, [organizationId, page.limit + 1])
          : await this.sql.rows<PaymentTransactionRecord>(LIST_AFTER, [organizationId, cursor.at, cursor.id, page.limit + 1]);
      return keysetPage(
        rows.map((row) => paymentTransactionToDomain(row, this.parseDate)),
        page,
        (p) => ({ at: p.createdAt, id: p.id }),
      );
    });
  }

  listDueForSweep(cutoffs: SweepCutoffs, limit: number): Promise<readonly PaymentTransaction[]> {
    return guarded('paymentTransactions.listDueForSweep', async () =>
      (await this.sql.rows<PaymentTransactionRecord>(DUE_FOR_SWEEP, [cutoffs.createdBefore, cutoffs.updatedBefore, limit])).map((row) =>
        paymentTransactionToDomain(row, this.parseDate),
      ),
    );
  }

  findById(id: PaymentId): Promise<O.Option<PaymentTransaction>> {
    return guarded('paymentTransactions.findById', async () => this.first(await this.sql.rows<PaymentTransactionRecord>(FIND_BY_ID, [id])));
  }

  find(lookup: PaymentLookup): Promise<O.Option<PaymentTransaction>> {
    return guarded('paymentTransactions.find', async () =>
      this.first(await this.sql.rows<PaymentTransactionRecord>(FIND_BY[lookup.by], [lookup.provider, lookup.value])),
    );
  }

  transition(id: PaymentId, from: readonly PaymentStatus[], change: PaymentChange): Promise<O.Option<PaymentTransaction>> {
    return guarded('paymentTransactions.transition', async () =>
      this.first(
        await this.sql.rows<PaymentTransactionRecord>(TRANSITION, [
          change.status,
          change.at,
          isFinal(change.status),
          change.at,
          ...optional(change.failureCode),
          ...optional(change.paidAmountMinor),
          ...optional(change.lateSuccess),
          ...optional(change.providerPaymentId),
          ...optional(change.providerToken),
          id,
          from.join(','),
        ]),
      ),
    );
  }

  private first(rows: readonly PaymentTransactionRecord[]): O.Option<PaymentTransaction> {
    const [row] = rows;
    return row === undefined ? O.none : O.some(paymentTransactionToDomain(row, this.parseDate));
  }
}
