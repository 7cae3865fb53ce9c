import type { PaymentChange, PaymentId, PaymentLookup, PaymentStatus, PaymentTransaction, PaymentTransactions } from '@idv/core';
import { isFinal } from '@idv/core';
import * as O from 'fp-ts/lib/Option.js';
import { guarded } from '../errors/translate-error.js';
import type { DateParser } from '../mappers/column-values.js';
import {
  PAYMENT_COLUMNS,
  paymentTransactionToDomain,
  paymentTransactionToRow,
  type PaymentTransactionRecord,
} from '../mappers/payment-transaction.mapper.js';
import type { SqlRunner } from '../sql/sql-runner.js';
import { statement } from '../sql/statement.js';

const TABLE = '"payment_transactions"';
const CREATE = statement('payments_create', `insert into ${TABLE} (${PAYMENT_COLUMNS}) values (${Array(18).fill('?').join(', ')})`);
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

/** The PaymentTransactions port on raw SQL (see `MikroOrmUsers`); transitions are single guarded updates. */
export class MikroOrmPaymentTransactions implements PaymentTransactions {
  constructor(
    private readonly sql: SqlRunner,
    private readonly parseDate: DateParser,
  ) {}

  create(transaction: PaymentTransaction): Promise<void> {
    return guarded('paymentTransactions.create', async () => {
      await this.sql.run(CREATE, paymentTransactionToRow(transaction));
    });
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
