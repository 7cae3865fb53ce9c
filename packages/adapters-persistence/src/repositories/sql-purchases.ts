import {
  AmountMinor,
  BuyerName,
  Email,
  Locale,
  OrganizationId,
  PaymentId,
  PlanCurrency,
  PlanId,
  PlanPeriod,
  PlanRole,
  PurchaseId,
  PurchaseStatus,
  type Purchase,
  type Purchases,
} from '@idv/core';
import * as O from 'fp-ts/lib/Option.js';
import { toNumber, type DateParser } from '../columns/column-values.js';
import { decodeColumn, requireDate } from '../columns/decode-column.js';
import { guarded } from '../errors/translate-error.js';
import type { SqlRunner } from '../sql/sql-runner.js';
import { statement } from '../sql/statement.js';

const COLUMNS =
  '"id", "organization_id", "plan_id", "payment_id", "email", "buyer_name", "locale", "status", "price_minor", "currency", "period", "grants_role", "created_at", "updated_at", "payment_due_at"';

const CREATE = statement('purchases_create', `insert into "purchases" (${COLUMNS}) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
const FIND = statement('purchases_find_by_id', `select ${COLUMNS} from "purchases" where "id" = ?`);
const SEATS = statement(
  'purchases_count_seats',
  `select count(*) as "count" from "purchases" where "plan_id" = ? and "status" in ('paid', 'completed')`,
);
// One statement: of two concurrent moves, one finds the old status and the other none.
const MOVE = statement(
  'purchases_move_status',
  `update "purchases" set "status" = ?, "updated_at" = ? where "id" = ? and "status" = any(string_to_array(?::text, ',')) returning ${COLUMNS}`,
);

/** A `purchases` row as raw SQL returns it. */
interface PurchaseRecord {
  readonly id: unknown;
  readonly organization_id: unknown;
  readonly plan_id: unknown;
  readonly payment_id: unknown;
  readonly email: unknown;
  readonly buyer_name: unknown;
  readonly locale: unknown;
  readonly status: unknown;
  readonly price_minor: unknown;
  readonly currency: unknown;
  readonly period: unknown;
  readonly grants_role: unknown;
  readonly created_at: unknown;
  readonly updated_at: unknown;
  readonly payment_due_at: unknown;
}

/** Decodes a `purchases` row into the core `Purchase`. */
const purchaseToDomain = (row: PurchaseRecord, parseDate: DateParser): Purchase => ({
  id: decodeColumn(PurchaseId, row.id, 'purchases.id'),
  organizationId: decodeColumn(OrganizationId, row.organization_id, 'purchases.organization_id'),
  planId: decodeColumn(PlanId, row.plan_id, 'purchases.plan_id'),
  paymentId: decodeColumn(PaymentId, row.payment_id, 'purchases.payment_id'),
  email: decodeColumn(Email, row.email, 'purchases.email'),
  buyerName: decodeColumn(BuyerName, row.buyer_name, 'purchases.buyer_name'),
  locale: decodeColumn(Locale, row.locale, 'purchases.locale'),
  status: decodeColumn(PurchaseStatus, row.status, 'purchases.status'),
  priceMinor: decodeColumn(AmountMinor, toNumber(row.price_minor), 'purchases.price_minor'),
  currency: decodeColumn(PlanCurrency, row.currency, 'purchases.currency'),
  period: decodeColumn(PlanPeriod, row.period, 'purchases.period'),
  grantsRole: decodeColumn(PlanRole, row.grants_role, 'purchases.grants_role'),
  createdAt: requireDate(row.created_at, parseDate, 'purchases.created_at'),
  updatedAt: requireDate(row.updated_at, parseDate, 'purchases.updated_at'),
  paymentDueAt: requireDate(row.payment_due_at, parseDate, 'purchases.payment_due_at'),
});

/** The Purchases port on raw SQL through the repositories' runner (see `SqlUsers`). */
export class SqlPurchases implements Purchases {
  constructor(
    private readonly sql: SqlRunner,
    private readonly parseDate: DateParser,
  ) {}

  create(purchase: Purchase): Promise<void> {
    return guarded('purchases.create', async () => {
      await this.sql.run(CREATE, [
        purchase.id,
        purchase.organizationId,
        purchase.planId,
        purchase.paymentId,
        purchase.email,
        purchase.buyerName,
        purchase.locale,
        purchase.status,
        purchase.priceMinor,
        purchase.currency,
        purchase.period,
        purchase.grantsRole,
        purchase.createdAt,
        purchase.updatedAt,
        purchase.paymentDueAt,
      ]);
    });
  }

  findById(id: PurchaseId): Promise<O.Option<Purchase>> {
    return guarded('purchases.findById', async () => this.first(await this.sql.rows<PurchaseRecord>(FIND, [id])));
  }

  countSeatsTaken(planId: PlanId): Promise<number> {
    return guarded('purchases.countSeatsTaken', async () => {
      const [row] = await this.sql.rows<{ count: unknown }>(SEATS, [planId]);
      return toNumber(row?.count) ?? 0;
    });
  }

  moveStatus(id: PurchaseId, from: readonly PurchaseStatus[], status: PurchaseStatus, at: Date): Promise<O.Option<Purchase>> {
    return guarded('purchases.moveStatus', async () =>
      this.first(await this.sql.rows<PurchaseRecord>(MOVE, [status, at, id, from.join(',')])),
    );
  }

  private first(rows: readonly PurchaseRecord[]): O.Option<Purchase> {
    const [row] = rows;
    return row === undefined ? O.none : O.some(purchaseToDomain(row, this.parseDate));
  }
}
