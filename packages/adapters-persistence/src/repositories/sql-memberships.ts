import {
  Email,
  MembershipId,
  MembershipStatus,
  OrganizationId,
  Role,
  UserId,
  type Membership,
  type MembershipChanges,
  type MembershipExpectation,
  type Memberships,
  type MembershipSummary,
  type Page,
  type PageRequest,
  type RosterFilter,
} from '@idv/core';
import * as O from 'fp-ts/lib/Option.js';
import { toDate, type DateParser } from '../columns/column-values.js';
import { decodeColumn, decodeNullable, requireDate, Text } from '../columns/decode-column.js';
import { guarded } from '../errors/translate-error.js';
import { emptyPage, isRowPosition, keysetPage } from '../sql/keyset.js';
import type { SqlRunner } from '../sql/sql-runner.js';
import { statement } from '../sql/statement.js';

// A row with a user shows the user's current address; an invited row, the invitee's.
const SELECT = `select m."id", m."organization_id", m."user_id", m."role", m."status", coalesce(u."email", m."email") as "email", m."created_at", m."updated_at", m."valid_until"
from "memberships" m left join "users" u on u."id" = m."user_id"`;

const LIST_FOR_USER = statement(
  'memberships_list_for_user',
  `select m."id", m."organization_id", o."name" as "organization_name", m."role", m."status", m."valid_until"
from "memberships" m join "organizations" o on o."id" = m."organization_id" and o."deleted_at" is null
where m."user_id" = ? order by m."created_at", m."id"`,
);

// `of m`: the joined user row is not locked (and a left join's nullable side cannot be).
const LOCK_ALL_FOR_USER = statement('memberships_lock_all_for_user', `${SELECT} where m."user_id" = ? order by m."id" for update of m`);

const CANCEL_ALL = statement(
  'memberships_cancel_all_for_user',
  `update "memberships" set "status" = 'cancelled', "updated_at" = now()
where "user_id" = ? and "status" <> 'cancelled'`,
);

const FIND_BY_ID = statement('memberships_find_by_id', `${SELECT} where m."id" = ?`);

const FIND_FOR_USER = statement(
  'memberships_find_for_user',
  `${SELECT} where m."organization_id" = ? and m."user_id" = ?
order by (m."status" <> 'cancelled') desc, m."updated_at" desc, m."id" desc limit 1`,
);

const FIND_OWNER = statement(
  'memberships_find_owner',
  `${SELECT} where m."organization_id" = ? and m."role" = 'owner' and m."status" <> 'cancelled'`,
);

const ROSTER_FIRST = statement(
  'memberships_roster_first',
  `${SELECT} where m."organization_id" = ? and (? or m."status" <> 'cancelled')
order by m."created_at", m."id" limit ?`,
);

const ROSTER_AFTER = statement(
  'memberships_roster_after',
  `${SELECT} where m."organization_id" = ? and (? or m."status" <> 'cancelled')
and (m."created_at", m."id") > (?, ?) order by m."created_at", m."id" limit ?`,
);

// The arbiter is the one-live-row-per-user index: of two concurrent inserts, the second waits for the
// first and then inserts nothing. A second live owner still violates its own index (a defect).
const INSERT = statement(
  'memberships_insert',
  `insert into "memberships" ("id", "organization_id", "user_id", "role", "status", "email", "created_at", "updated_at", "valid_until")
values (?, ?, ?, ?, ?, ?, ?, ?, ?) on conflict ("organization_id", "user_id") where "status" <> 'cancelled' do nothing returning "id"`,
);

// Rows are locked in the order they are sorted (ORDER BY runs before FOR UPDATE), so every writer
// takes overlapping locks in id order. `of m`: the joined user row is read, not locked.
const LOCK = statement(
  'memberships_lock',
  `${SELECT} where m."id" = any(string_to_array(?::text, ',')::uuid[]) order by m."id" for update of m`,
);

// Compare-and-set in one statement: the WHERE re-checks role and status on the row it locks, so of
// two racing writers the second sees the first's values and changes nothing. The partial unique
// indexes still reject a second live owner or a second live row for one user.
const UPDATE = statement(
  'memberships_update',
  `with "changed" as (
update "memberships" set "role" = coalesce(?, "role"), "status" = coalesce(?, "status"), "user_id" = coalesce(?, "user_id"), "updated_at" = ?
where "id" = ? and "role" = ? and "status" = ? returning *)
${SELECT.replace('from "memberships" m', 'from "changed" m')}`,
);

/** A membership joined with its organization, as raw SQL returns it. */
export interface MembershipSummaryRecord {
  readonly id: unknown;
  readonly organization_id: unknown;
  readonly organization_name: unknown;
  readonly role: unknown;
  readonly status: unknown;
  readonly valid_until: unknown;
}

/** A `memberships` row with `email` already resolved (the user's current address, else the stored one). */
interface MembershipRecord {
  readonly id: unknown;
  readonly organization_id: unknown;
  readonly user_id: unknown;
  readonly role: unknown;
  readonly status: unknown;
  readonly email: unknown;
  readonly created_at: unknown;
  readonly updated_at: unknown;
  readonly valid_until: unknown;
}

/** Decodes a joined membership row into the core `MembershipSummary`. */
export const membershipSummaryToDomain = (row: MembershipSummaryRecord, parseDate: DateParser): MembershipSummary => ({
  id: decodeColumn(MembershipId, row.id, 'memberships.id'),
  organizationId: decodeColumn(OrganizationId, row.organization_id, 'memberships.organization_id'),
  organizationName: decodeColumn(Text, row.organization_name, 'organizations.name'),
  role: decodeColumn(Role, row.role, 'memberships.role'),
  status: decodeColumn(MembershipStatus, row.status, 'memberships.status'),
  ...validUntilOf(row, parseDate),
});

// Present only on a purchased membership with a period, as the core type leaves it out otherwise.
const validUntilOf = (row: { readonly valid_until: unknown }, parseDate: DateParser): { validUntil?: Date } => {
  const validUntil = toDate(row.valid_until, parseDate);
  return validUntil === null ? {} : { validUntil };
};

/** Decodes a membership row into the core `Membership`. */
const membershipToDomain = (row: MembershipRecord, parseDate: DateParser): Membership => ({
  id: decodeColumn(MembershipId, row.id, 'memberships.id'),
  organizationId: decodeColumn(OrganizationId, row.organization_id, 'memberships.organization_id'),
  userId: decodeNullable(UserId, row.user_id, 'memberships.user_id'),
  role: decodeColumn(Role, row.role, 'memberships.role'),
  status: decodeColumn(MembershipStatus, row.status, 'memberships.status'),
  email: decodeNullable(Email, row.email, 'memberships.email'),
  createdAt: requireDate(row.created_at, parseDate, 'memberships.created_at'),
  updatedAt: requireDate(row.updated_at, parseDate, 'memberships.updated_at'),
  ...validUntilOf(row, parseDate),
});

/** The `memberships` columns of a core `Membership`, in the order the insert lists them. */
const membershipToRow = (
  membership: Membership,
): readonly [string, string, string | null, string, string, string | null, Date, Date, Date | null] => [
  membership.id,
  membership.organizationId,
  membership.userId,
  membership.role,
  membership.status,
  membership.email,
  membership.createdAt,
  membership.updatedAt,
  membership.validUntil ?? null,
];

/** The Memberships port on raw SQL through the repositories' runner (see `SqlUsers`). */
export class SqlMemberships implements Memberships {
  constructor(
    private readonly sql: SqlRunner,
    private readonly parseDate: DateParser,
  ) {}

  listForUser(userId: UserId): Promise<readonly MembershipSummary[]> {
    return guarded('memberships.listForUser', async () => {
      const rows = await this.sql.rows<MembershipSummaryRecord>(LIST_FOR_USER, [userId]);
      return rows.map((row) => membershipSummaryToDomain(row, this.parseDate));
    });
  }

  lockAllForUser(userId: UserId): Promise<readonly Membership[]> {
    return guarded('memberships.lockAllForUser', async () =>
      (await this.sql.rows<MembershipRecord>(LOCK_ALL_FOR_USER, [userId])).map((row) => this.toDomain(row)),
    );
  }

  cancelAllForUser(userId: UserId): Promise<number> {
    return guarded('memberships.cancelAllForUser', () => this.sql.run(CANCEL_ALL, [userId]));
  }

  /** The membership with this id, if any. */
  findById(id: MembershipId): Promise<O.Option<Membership>> {
    return guarded('memberships.findById', async () => this.first(await this.sql.rows<MembershipRecord>(FIND_BY_ID, [id])));
  }

  findForUser(organizationId: OrganizationId, userId: UserId): Promise<O.Option<Membership>> {
    return guarded('memberships.findForUser', async () =>
      this.first(await this.sql.rows<MembershipRecord>(FIND_FOR_USER, [organizationId, userId])),
    );
  }

  findOwner(organizationId: OrganizationId): Promise<O.Option<Membership>> {
    return guarded('memberships.findOwner', async () => this.first(await this.sql.rows<MembershipRecord>(FIND_OWNER, [organizationId])));
  }

  listForOrganization(organizationId: OrganizationId, filter: RosterFilter, page: PageRequest): Promise<Page<Membership>> {
    return guarded('memberships.listForOrganization', async () => {
      const cursor = page.cursor;
      if (cursor !== undefined && !isRowPosition(cursor)) return emptyPage<Membership>();
      const rows =
        cursor === undefined
          ? await this.sql.rows<MembershipRecord>(ROSTER_FIRST, [organizationId, filter.includeCancelled, page.limit + 1])
          : await this.sql.rows<MembershipRecord>(ROSTER_AFTER, [
              organizationId,
              filter.includeCancelled,
              cursor.at,
              cursor.id,
              page.limit + 1,
            ]);
      return keysetPage(
        rows.map((row) => this.toDomain(row)),
        page,
        (m) => ({ at: m.createdAt, id: m.id }),
      );
    });
  }

  insert(membership: Membership): Promise<boolean> {
    return guarded('memberships.insert', async () => (await this.sql.rows(INSERT, membershipToRow(membership))).length === 1);
  }

  lock(ids: readonly MembershipId[]): Promise<readonly Membership[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return guarded('memberships.lock', async () =>
      (await this.sql.rows<MembershipRecord>(LOCK, [ids.join(',')])).map((row) => this.toDomain(row)),
    );
  }

  update(id: MembershipId, expected: MembershipExpectation, changes: MembershipChanges, at: Date): Promise<O.Option<Membership>> {
    return guarded('memberships.update', async () => {
      const values = [changes.role ?? null, changes.status ?? null, changes.userId ?? null, at, id, expected.role, expected.status];
      return this.first(await this.sql.rows<MembershipRecord>(UPDATE, values));
    });
  }

  private first(rows: readonly MembershipRecord[]): O.Option<Membership> {
    const [row] = rows;
    return row === undefined ? O.none : O.some(this.toDomain(row));
  }

  private toDomain(row: MembershipRecord): Membership {
    return membershipToDomain(row, this.parseDate);
  }
}
