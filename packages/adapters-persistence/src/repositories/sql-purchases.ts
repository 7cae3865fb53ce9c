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
  PurchaseFlags,
  PurchaseId,
  PurchaseStatus,
  InvitationId,
  MembershipId,
  type Page,
  type PageRequest,
  type PaymentId as PaymentIdType,
  type MembershipId as MembershipIdType,
  type Purchase,
  type PurchaseGrant,
  type Purchases,
} from '@idv/core';
import * as O from 'fp-ts/lib/Option.js';
import { toDate, toNumber, type DateParser } from '../columns/column-values.js';
import { decodeColumn, decodeNullable, requireDate } from '../columns/decode-column.js';
import { jsonb } from '../columns/jsonb-column.js';
import { emptyPage, isRowPosition, keysetPage } from '../sql/keyset.js';
import { guarded } from '../errors/translate-error.js';
import type { SqlRunner } from '../sql/sql-runner.js';
import { statement } from '../sql/statement.js';

const INSERTED =
  '"id", "organization_id", "plan_id", "payment_id", "email", "buyer_name", "locale", "status", "price_minor", "currency", "period", "grants_role", "created_at", "updated_at", "payment_due_at"';
const COLUMNS = `${INSERTED}, "flags", "membership_id", "invitation_id", "paid_at", "valid_until", "links_answered_at"`;

const CREATE = statement('purchases_create', `insert into "purchases" (${INSERTED}) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
const LOCK_BY_PAYMENT = statement('purchases_lock_by_payment', `select ${COLUMNS} from "purchases" where "payment_id" = ? for update`);
const RECORD_GRANT = statement(
  'purchases_record_grant',
  `update "purchases" set "status" = ?, "flags" = ?::jsonb, "membership_id" = ?, "invitation_id" = ?, "paid_at" = ?, "valid_until" = ?, "updated_at" = ?
where "id" = ? returning ${COLUMNS}`,
);
const COMPLETE_FOR_MEMBERSHIP = statement(
  'purchases_complete_for_membership',
  `update "purchases" set "status" = 'completed', "updated_at" = ? where "membership_id" = ? and "status" = 'paid'`,
);
const MARK_LINKS = statement(
  'purchases_mark_links_answered',
  `update "purchases" set "links_answered_at" = ?, "updated_at" = ? where "id" = ? and "links_answered_at" is null`,
);
const FLAGGED_FIRST = statement(
  'purchases_flagged_first',
  `select ${COLUMNS} from "purchases" where "organization_id" = ? and "flags" <> '[]'::jsonb order by "created_at" desc, "id" desc limit ?`,
);
const FLAGGED_AFTER = statement(
  'purchases_flagged_after',
  `select ${COLUMNS} from "purchases" where "organization_id" = ? and "flags" <> '[]'::jsonb and ("created_at", "id") < (?, ?)
order by "created_at" desc, "id" desc limit ?`,
);
const FIND = statement('purchases_find_by_id', `select ${COLUMNS} from "purchases" where "id" = ?`);
const SEATS = statement(
  'purchases_count_seats',
  `select count(*) as "count" from "purchases" where "plan_id" = ? and "status" in ('paid', 'completed') and "membership_id" is not null`,
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
  readonly flags: unknown;
  readonly membership_id: unknown;
  readonly invitation_id: unknown;
  readonly paid_at: unknown;
  readonly valid_until: unknown;
  readonly links_answered_at: unknown;
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
  flags: decodeColumn(jsonb(PurchaseFlags), row.flags, 'purchases.flags'),
  membershipId: decodeNullable(MembershipId, row.membership_id, 'purchases.membership_id'),
  invitationId: decodeNullable(InvitationId, row.invitation_id, 'purchases.invitation_id'),
  paidAt: toDate(row.paid_at, parseDate),
  validUntil: toDate(row.valid_until, parseDate),
  linksAnsweredAt: toDate(row.links_answered_at, parseDate),
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

  lockByPayment(paymentId: PaymentIdType): Promise<O.Option<Purchase>> {
    return guarded('purchases.lockByPayment', async () => this.first(await this.sql.rows<PurchaseRecord>(LOCK_BY_PAYMENT, [paymentId])));
  }

  recordGrant(id: PurchaseId, grant: PurchaseGrant, at: Date): Promise<Purchase> {
    return guarded('purchases.recordGrant', async () => {
      const rows = await this.sql.rows<PurchaseRecord>(RECORD_GRANT, [
        grant.status,
        JSON.stringify(grant.flags),
        grant.membershipId,
        grant.invitationId,
        grant.paidAt,
        grant.validUntil,
        at,
        id,
      ]);
      const granted = this.first(rows);
      if (O.isNone(granted)) throw new Error(`purchases row ${id} vanished under its lock`);
      return granted.value;
    });
  }

  completeForMembership(membershipId: MembershipIdType, at: Date): Promise<boolean> {
    return guarded('purchases.completeForMembership', async () => (await this.sql.run(COMPLETE_FOR_MEMBERSHIP, [at, membershipId])) > 0);
  }

  markLinksAnswered(id: PurchaseId, at: Date): Promise<boolean> {
    return guarded('purchases.markLinksAnswered', async () => (await this.sql.run(MARK_LINKS, [at, at, id])) === 1);
  }

  listFlagged(organizationId: OrganizationId, page: PageRequest): Promise<Page<Purchase>> {
    return guarded('purchases.listFlagged', async () => {
      const cursor = page.cursor;
      if (cursor !== undefined && !isRowPosition(cursor)) return emptyPage<Purchase>();
      const rows =
        cursor === undefined
          ? await this.sql.rows<PurchaseRecord>(FLAGGED_FIRST, [organizationId, page.limit + 1])
          : await this.sql.rows<PurchaseRecord>(FLAGGED_AFTER, [organizationId, cursor.at, cursor.id, page.limit + 1]);
      return keysetPage(
        rows.map((row) => purchaseToDomain(row, this.parseDate)),
        page,
        (purchase) => ({ at: purchase.createdAt, id: purchase.id }),
      );
    });
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
