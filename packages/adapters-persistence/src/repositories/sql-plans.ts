import {
  AgreementTemplateRefs,
  AmountMinor,
  OrganizationId,
  PlanCurrency,
  PlanDescription,
  PlanId,
  PlanName,
  PlanPeriod,
  PlanRole,
  SeatLimit,
  type Page,
  type PageRequest,
  type Plan,
  type PlanListing,
  type Plans,
} from '@idv/core';
import * as E from 'fp-ts/lib/Either.js';
import * as O from 'fp-ts/lib/Option.js';
import type { DateParser } from '../columns/column-values.js';
import { toDate, toNumber } from '../columns/column-values.js';
import { decodeColumn, decodeNullable, requireDate, type ColumnCodec } from '../columns/decode-column.js';
import { jsonb } from '../columns/jsonb-column.js';
import { guarded } from '../errors/translate-error.js';
import { emptyPage, isRowPosition, keysetPage } from '../sql/keyset.js';
import type { SqlRunner } from '../sql/sql-runner.js';
import { statement } from '../sql/statement.js';

const COLUMNS =
  '"id", "organization_id", "name", "description", "price_minor", "currency", "period", "grants_role", "agreement_template_ids", "on_sale", "seat_limit", "archived_at", "created_at", "updated_at"';

const CREATE = statement(
  'plans_create',
  `insert into "plans" (${COLUMNS}) values (?, ?, ?, ?::jsonb, ?, ?, ?, ?, ?::jsonb, ?, ?, ?, ?, ?)`,
);
// Two changes to one plan apply one after the other.
const LOCK = statement('plans_lock', `select ${COLUMNS} from "plans" where "id" = ? and "organization_id" = ? for update`);
const UPDATE = statement(
  'plans_update',
  `update "plans" set "name" = ?, "description" = ?::jsonb, "price_minor" = ?, "currency" = ?, "period" = ?, "grants_role" = ?,
"agreement_template_ids" = ?::jsonb, "on_sale" = ?, "seat_limit" = ?, "archived_at" = ?, "updated_at" = ? where "id" = ? and "organization_id" = ?`,
);
const LIST_FIRST = statement(
  'plans_list_first',
  `select ${COLUMNS} from "plans" where "organization_id" = ? and (? or "archived_at" is null) order by "created_at", "id" limit ?`,
);
const LIST_AFTER = statement(
  'plans_list_after',
  `select ${COLUMNS} from "plans" where "organization_id" = ? and (? or "archived_at" is null) and ("created_at", "id") > (?, ?)
order by "created_at", "id" limit ?`,
);
const LIST_OFFERED = statement(
  'plans_list_offered',
  `select ${COLUMNS} from "plans" where "organization_id" = ? and "on_sale" and "archived_at" is null order by "created_at", "id" limit ?`,
);

/** A `plans` row as raw SQL returns it. */
interface PlanRecord {
  readonly id: unknown;
  readonly organization_id: unknown;
  readonly name: unknown;
  readonly description: unknown;
  readonly price_minor: unknown;
  readonly currency: unknown;
  readonly period: unknown;
  readonly grants_role: unknown;
  readonly agreement_template_ids: unknown;
  readonly on_sale: unknown;
  readonly seat_limit: unknown;
  readonly archived_at: unknown;
  readonly created_at: unknown;
  readonly updated_at: unknown;
}

/** A bigint/integer column as a JS number (drivers hand bigints back as strings). */
const numeric = <A>(codec: ColumnCodec<A>): ColumnCodec<A> => ({ name: codec.name, decode: (input) => codec.decode(toNumber(input)) });

const Bool: ColumnCodec<boolean> = { name: 'boolean', decode: (input) => (typeof input === 'boolean' ? E.right(input) : E.left(input)) };

/** Decodes a `plans` row into the core `Plan`. */
const planToDomain = (row: PlanRecord, parseDate: DateParser): Plan => ({
  id: decodeColumn(PlanId, row.id, 'plans.id'),
  organizationId: decodeColumn(OrganizationId, row.organization_id, 'plans.organization_id'),
  name: decodeColumn(PlanName, row.name, 'plans.name'),
  description: decodeColumn(jsonb(PlanDescription), row.description, 'plans.description'),
  priceMinor: decodeColumn(numeric(AmountMinor), row.price_minor, 'plans.price_minor'),
  currency: decodeColumn(PlanCurrency, row.currency, 'plans.currency'),
  period: decodeColumn(PlanPeriod, row.period, 'plans.period'),
  grantsRole: decodeColumn(PlanRole, row.grants_role, 'plans.grants_role'),
  agreementTemplateIds: decodeColumn(jsonb(AgreementTemplateRefs), row.agreement_template_ids, 'plans.agreement_template_ids'),
  onSale: decodeColumn(Bool, row.on_sale, 'plans.on_sale'),
  seatLimit: decodeNullable(numeric(SeatLimit), row.seat_limit, 'plans.seat_limit'),
  archivedAt: toDate(row.archived_at, parseDate),
  createdAt: requireDate(row.created_at, parseDate, 'plans.created_at'),
  updatedAt: requireDate(row.updated_at, parseDate, 'plans.updated_at'),
});

/** The changeable `plans` columns of a core `Plan`, in the order the update lists them. */
const changeableColumns = (plan: Plan): readonly unknown[] => [
  plan.name,
  JSON.stringify(plan.description),
  plan.priceMinor,
  plan.currency,
  plan.period,
  plan.grantsRole,
  JSON.stringify(plan.agreementTemplateIds),
  plan.onSale,
  plan.seatLimit,
  plan.archivedAt,
];

/** The Plans port on raw SQL through the repositories' runner (see `SqlUsers`). */
export class SqlPlans implements Plans {
  constructor(
    private readonly sql: SqlRunner,
    private readonly parseDate: DateParser,
  ) {}

  create(plan: Plan): Promise<void> {
    return guarded('plans.create', async () => {
      const [name, description, price, currency, period, role, templates, onSale, seats, archivedAt] = changeableColumns(plan);
      await this.sql.run(CREATE, [
        plan.id,
        plan.organizationId,
        name,
        description,
        price,
        currency,
        period,
        role,
        templates,
        onSale,
        seats,
        archivedAt,
        plan.createdAt,
        plan.updatedAt,
      ]);
    });
  }

  lock(organizationId: OrganizationId, id: PlanId): Promise<O.Option<Plan>> {
    return guarded('plans.lock', async () => {
      const [row] = await this.sql.rows<PlanRecord>(LOCK, [id, organizationId]);
      return row === undefined ? O.none : O.some(planToDomain(row, this.parseDate));
    });
  }

  update(plan: Plan): Promise<boolean> {
    return guarded(
      'plans.update',
      async () => (await this.sql.run(UPDATE, [...changeableColumns(plan), plan.updatedAt, plan.id, plan.organizationId])) > 0,
    );
  }

  list(organizationId: OrganizationId, listing: PlanListing, page: PageRequest): Promise<Page<Plan>> {
    return guarded('plans.list', async () => {
      const cursor = page.cursor;
      if (cursor !== undefined && !isRowPosition(cursor)) return emptyPage<Plan>();
      const rows =
        cursor === undefined
          ? await this.sql.rows<PlanRecord>(LIST_FIRST, [organizationId, listing.includeArchived, page.limit + 1])
          : await this.sql.rows<PlanRecord>(LIST_AFTER, [organizationId, listing.includeArchived, cursor.at, cursor.id, page.limit + 1]);
      return keysetPage(
        rows.map((row) => planToDomain(row, this.parseDate)),
        page,
        (plan) => ({ at: plan.createdAt, id: plan.id }),
      );
    });
  }

  listOffered(organizationId: OrganizationId, limit: number): Promise<readonly Plan[]> {
    return guarded('plans.listOffered', async () =>
      (await this.sql.rows<PlanRecord>(LIST_OFFERED, [organizationId, limit])).map((row) => planToDomain(row, this.parseDate)),
    );
  }
}
