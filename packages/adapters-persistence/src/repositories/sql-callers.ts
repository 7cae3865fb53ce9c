import type { Caller, Callers, IdpUserId } from '@idv/core';
import * as O from 'fp-ts/lib/Option.js';
import type { DateParser } from '../columns/column-values.js';
import { guarded } from '../errors/translate-error.js';
import type { SqlRunner } from '../sql/sql-runner.js';
import { statement } from '../sql/statement.js';
import { membershipSummaryToDomain } from './sql-memberships.js';
import { userToDomain, type UserRecord } from './sql-users.js';

/** One row of `FIND`: the user's columns, then one membership's (all null when the user has none). */
interface CallerRecord extends UserRecord {
  readonly membership_id: unknown;
  readonly organization_id: unknown;
  readonly organization_name: unknown;
  readonly role: unknown;
  readonly status: unknown;
  readonly valid_until: unknown;
}

// The user and their memberships in one round trip (docs/performance.md): the left join keeps the user's row
// when they have none; the memberships come in `Memberships.listForUser`'s order.
const FIND = statement(
  'callers_find_by_idp_id',
  `select u."id", u."idp_id", u."email", u."email_verified", u."image_url", u."idp_updated_at", u."deleted_at", u."locale",
m."id" as "membership_id", m."organization_id", o."name" as "organization_name", m."role", m."status", m."valid_until"
from "users" u
left join ("memberships" m join "organizations" o on o."id" = m."organization_id" and o."deleted_at" is null) on m."user_id" = u."id"
where u."idp_id" = ?
order by m."created_at", m."id"`,
);

/** The Callers port on raw SQL: one prepared statement on PostgreSQL (see `createSqlRunner`). */
export class SqlCallers implements Callers {
  constructor(
    private readonly sql: SqlRunner,
    private readonly parseDate: DateParser,
  ) {}

  findByIdpId(idpId: IdpUserId): Promise<O.Option<Caller>> {
    // A `then` rather than an async function: every bearer request reads its caller here (docs/performance.md).
    return guarded('callers.findByIdpId', () => this.sql.rows<CallerRecord>(FIND, [idpId]).then((rows) => this.callerOf(rows)));
  }

  private callerOf(rows: readonly CallerRecord[]): O.Option<Caller> {
    const [first] = rows;
    if (first === undefined) return O.none;
    const memberships = rows
      .filter((row) => row.membership_id !== null)
      .map((row) => membershipSummaryToDomain({ ...row, id: row.membership_id }, this.parseDate));
    return O.some({ user: userToDomain(first, this.parseDate), memberships });
  }
}
