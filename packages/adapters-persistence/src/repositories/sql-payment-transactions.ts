import type {
  OrganizationId,
  Page,
  PageRequest,
  PaymentChange,
  PaymentId,
  PaymentLookup,
  PaymentStatus,
  PaymentTransaction,
  PaymentTransactions,
  SweepCutoffs,
} from '@idv/core';
import { isFinal, OPEN_STATUSES } from '@idv/core';
import * as O from 'fp-ts/lib/Option.js';
import { guarded } from '../errors/translate-error.js';
import type { DateParser } from '../mappers/column-values.js';
import {
  PAYMENT_COLUMNS,
  paymentTransactionToDomain,
  paymentTransactionToRow,
  type PaymentTransactionRecord,
} from '../mappers/payment-transaction.mapper.js';
import { emptyPage, isRowPosition, keysetPage } from '../sql/keyset.js';
import type { SqlRunner } from '../sql/sql-runner.js';
import { statement } from '../sql/statement.js';

const TABLE = '"payment_transactions"';
const VALUES = Array(19).fill('?').join(', ');
const CREATE = statement('payments_create', `insert into ${TABLE} (${PAYMENT_COLUMNS}) values (${VALUES})`);
// Concurrent first deliveries of one order: the loser waits for the winner's commit, inserts nothing, then reads its row.
const CREATE_RENEWAL = statement('payments_create_renewal', `insert into ${TABLE} (${PAYMENT_COLUMNS}) values (${VALUES}) on conflict do nothing`);
const LIST_FIRST = statement('payments_list_first', `select ${PAYMENT_COLUMNS} from ${TABLE}
where "organization_id" = ? order by "created_at" desc, "id" desc limit ?`);
const LIST_AFTER = statement('payments_list_after', `select ${PAYMENT_COLUMNS} from ${TABLE}
where "organization_id" = ? and ("created_at", "id") < (?, ?) order by "created_at" desc, "id" desc limit ?`);
// Served by the partial open-payments index on (status, updated_at).
const DUE_FOR_SWEEP = statement('payments_due_for_sweep', `select ${PAYMENT_COLUMNS} from ${TABLE}
where ("status" in ('initiated', 'awaiting_customer') and "created_at" < ?) or ("status" in ('authorizing', 'under_review') and "updated_at" < ?)
order by "updated_at", "id" limit ?`);
// The open statuses are the core's one list (statuses are plain identifiers, safe as literals).
const HAS_OPEN = statement(
  'payments_has_open',
  `select exists (select 1 from ${TABLE} where "organization_id" = ? and "status" in (${OPEN_STATUSES.map((status) => `'${status}'`).join(', ')})) as "open"`,
);
const FIND_BY_ID = statement('payments_find_by_id', `select ${PAYMENT_COLUMNS} from ${TABLE} where "id" = ?`);
const FIND_BY: Readonly<Record<PaymentLookup['by'], ReturnType<typeof statement>>> = {
  merchantReference: statement('payments_find_by_merchant_reference', `select ${PAYMENT_COLUMNS} from ${TABLE} where "provider" = ? and "merchant_reference" = ?`),
  providerPaymentId: statement('payments_find_by_provider_payment_id', `select ${PAYMENT_COLUMNS} from ${TABLE} where "provider" = ? and "provider_payment_id" = ?`),
  providerToken: statement('payments_find_by_provider_token', `select ${PAYMENT_COLUMNS} from ${TABLE} where "provider" = ? and "provider_token" = ?`),
  orderReferenceCode: statement('payments_find_by_order_reference', `select ${PAYMENT_COLUMNS} from ${TABLE} where "provider" = ? and "order_reference_code" = ?`),
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
      const stored = this.first(await this.sql.rows<PaymentTransactionRecord>(FIND_BY.orderReferenceCode, [transaction.provider, transaction.orderReferenceCode]));
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
      return keysetPage(rows.map((row) => paymentTransactionToDomain(row, this.parseDate)), page, (p) => ({ at: p.createdAt, id: p.id }));
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
