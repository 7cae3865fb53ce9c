import {
  OrganizationId,
  OrganizationName,
  OrganizationSlug,
  type Organization,
  type Organizations,
  type OwnerlessOrganization,
  type Page,
  type PageRequest,
} from '@idv/core';
import * as O from 'fp-ts/lib/Option.js';
import type { DateParser } from '../columns/column-values.js';
import { decodeColumn, requireDate } from '../columns/decode-column.js';
import { PersistenceError } from '../errors/persistence-error.js';
import { guarded } from '../errors/translate-error.js';
import { emptyPage, isRowPosition, keysetPage } from '../sql/keyset.js';
import type { SqlRunner } from '../sql/sql-runner.js';
import { statement } from '../sql/statement.js';

const COLUMNS = '"id", "name", "slug", "created_at", "updated_at"';

/** The unique index over every row's slug, deleted ones included: a slug is never reused. */
const SLUG_UNIQUE = 'organizations_slug_unique';

// Only a taken slug is answered (no row); a duplicate id still fails, as a defect.
const CREATE = statement(
  'organizations_create',
  `insert into "organizations" (${COLUMNS}) values (?, ?, ?, ?, ?) on conflict ("slug") do nothing`,
);
const FIND_BY_SLUG = statement(
  'organizations_find_by_slug',
  `select ${COLUMNS} from "organizations" where "slug" = ? and "deleted_at" is null`,
);
const CHANGE_SLUG = statement(
  'organizations_change_slug',
  `update "organizations" set "slug" = ?, "updated_at" = ? where "id" = ? and "deleted_at" is null returning ${COLUMNS}`,
);
// A soft-deleted organization is read as absent: this is the one read every organization route goes through.
const FIND = statement('organizations_find_by_id', `select ${COLUMNS} from "organizations" where "id" = ? and "deleted_at" is null`);
const RENAME = statement(
  'organizations_rename',
  `update "organizations" set "name" = ?, "updated_at" = ? where "id" = ? and "deleted_at" is null returning ${COLUMNS}`,
);
// Starting a payment and deleting the organization take this lock first, so one waits for the other.
const LOCK_LIVE = statement(
  'organizations_lock_live',
  `select "id" from "organizations" where "id" = ? and "deleted_at" is null for update`,
);
// A soft delete: the row stays (payments, their callbacks, subscriptions and the audit trail name it).
const MARK_DELETED = statement(
  'organizations_mark_deleted',
  `update "organizations" set "deleted_at" = ?, "updated_at" = ? where "id" = ? and "deleted_at" is null`,
);
// The first mark wins: a second owner lost later does not make it younger.
const MARK_OWNERLESS = statement(
  'organizations_mark_ownerless',
  `update "organizations" set "ownerless_since" = coalesce("ownerless_since", ?) where "id" = ?`,
);
const CLEAR_OWNERLESS = statement(
  'organizations_clear_ownerless',
  `update "organizations" set "ownerless_since" = null where "id" = ? and "ownerless_since" is not null`,
);
const OWNERLESS_FIRST = statement(
  'organizations_ownerless_first',
  `select ${COLUMNS}, "ownerless_since" from "organizations"
where "ownerless_since" is not null and "deleted_at" is null order by "ownerless_since", "id" limit ?`,
);
const OWNERLESS_AFTER = statement(
  'organizations_ownerless_after',
  `select ${COLUMNS}, "ownerless_since" from "organizations"
where "ownerless_since" is not null and "deleted_at" is null and ("ownerless_since", "id") > (?, ?) order by "ownerless_since", "id" limit ?`,
);

/** An `organizations` row as raw SQL returns it. */
interface OrganizationRecord {
  readonly id: unknown;
  readonly name: unknown;
  readonly slug: unknown;
  readonly created_at: unknown;
  readonly updated_at: unknown;
}

/** Decodes an `organizations` row into the core `Organization`. */
const organizationToDomain = (row: OrganizationRecord, parseDate: DateParser): Organization => ({
  id: decodeColumn(OrganizationId, row.id, 'organizations.id'),
  name: decodeColumn(OrganizationName, row.name, 'organizations.name'),
  slug: decodeColumn(OrganizationSlug, row.slug, 'organizations.slug'),
  createdAt: requireDate(row.created_at, parseDate, 'organizations.created_at'),
  updatedAt: requireDate(row.updated_at, parseDate, 'organizations.updated_at'),
});

/** The `organizations` columns of a core `Organization`, in the order the insert lists them. */
const organizationToRow = (organization: Organization): readonly [string, string, string, Date, Date] => [
  organization.id,
  organization.name,
  organization.slug,
  organization.createdAt,
  organization.updatedAt,
];

/** An `organizations` row read with its ownerless mark. */
interface OwnerlessOrganizationRecord extends OrganizationRecord {
  readonly ownerless_since: unknown;
}

/** Decodes a marked `organizations` row into the core `OwnerlessOrganization`. */
const ownerlessOrganizationToDomain = (row: OwnerlessOrganizationRecord, parseDate: DateParser): OwnerlessOrganization => ({
  ...organizationToDomain(row, parseDate),
  ownerlessSince: requireDate(row.ownerless_since, parseDate, 'organizations.ownerless_since'),
});

/** The Organizations port on raw SQL through the repositories' runner (see `SqlUsers`). */
export class SqlOrganizations implements Organizations {
  constructor(
    private readonly sql: SqlRunner,
    private readonly parseDate: DateParser,
  ) {}

  create(organization: Organization): Promise<boolean> {
    return guarded('organizations.create', async () => (await this.sql.run(CREATE, organizationToRow(organization))) > 0);
  }

  /** The live organization with this slug, if any. */
  findBySlug(slug: OrganizationSlug): Promise<O.Option<Organization>> {
    return guarded('organizations.findBySlug', async () => this.first(await this.sql.rows<OrganizationRecord>(FIND_BY_SLUG, [slug])));
  }

  async changeSlug(id: OrganizationId, slug: OrganizationSlug, at: Date): Promise<O.Option<Organization> | 'taken'> {
    try {
      return await guarded('organizations.changeSlug', async () =>
        this.first(await this.sql.rows<OrganizationRecord>(CHANGE_SLUG, [slug, at, id])),
      );
    } catch (error) {
      // The unique index decides, so two managers claiming one slug at once cannot both win; the
      // caller answers a Left, which rolls back the transaction this statement aborted.
      if (error instanceof PersistenceError && error.failure === 'unique_violation' && error.constraint === SLUG_UNIQUE) return 'taken';
      throw error;
    }
  }

  /** The organization with this id, if any (deleted ones are not found). */
  findById(id: OrganizationId): Promise<O.Option<Organization>> {
    return guarded('organizations.findById', async () => this.first(await this.sql.rows<OrganizationRecord>(FIND, [id])));
  }

  rename(id: OrganizationId, name: OrganizationName, at: Date): Promise<O.Option<Organization>> {
    return guarded('organizations.rename', async () => this.first(await this.sql.rows<OrganizationRecord>(RENAME, [name, at, id])));
  }

  lockLive(id: OrganizationId): Promise<boolean> {
    return guarded('organizations.lockLive', async () => (await this.sql.rows(LOCK_LIVE, [id])).length > 0);
  }

  markDeleted(id: OrganizationId, at: Date): Promise<boolean> {
    return guarded('organizations.markDeleted', async () => (await this.sql.run(MARK_DELETED, [at, at, id])) > 0);
  }

  markOwnerless(id: OrganizationId, at: Date): Promise<boolean> {
    return guarded('organizations.markOwnerless', async () => (await this.sql.run(MARK_OWNERLESS, [at, id])) > 0);
  }

  clearOwnerless(id: OrganizationId): Promise<boolean> {
    return guarded('organizations.clearOwnerless', async () => (await this.sql.run(CLEAR_OWNERLESS, [id])) > 0);
  }

  listOwnerless(page: PageRequest): Promise<Page<OwnerlessOrganization>> {
    return guarded('organizations.listOwnerless', async () => {
      const cursor = page.cursor;
      if (cursor !== undefined && !isRowPosition(cursor)) return emptyPage<OwnerlessOrganization>();
      const rows =
        cursor === undefined
          ? await this.sql.rows<OwnerlessOrganizationRecord>(OWNERLESS_FIRST, [page.limit + 1])
          : await this.sql.rows<OwnerlessOrganizationRecord>(OWNERLESS_AFTER, [cursor.at, cursor.id, page.limit + 1]);
      const items = rows.map((row) => ownerlessOrganizationToDomain(row, this.parseDate));
      return keysetPage(items, page, (organization) => ({ at: organization.ownerlessSince, id: organization.id }));
    });
  }

  private first(rows: readonly OrganizationRecord[]): O.Option<Organization> {
    const [row] = rows;
    return row === undefined ? O.none : O.some(organizationToDomain(row, this.parseDate));
  }
}
