import { Email, IdpUserId, Locale, UserId, type ProviderUser, type User, type Users, type UserSync } from '@idv/core';
import * as E from 'fp-ts/lib/Either.js';
import * as O from 'fp-ts/lib/Option.js';
import { toDate, toNumber, type DateParser } from '../columns/column-values.js';
import { decodeColumn, decodeNullable, Text, type ColumnCodec } from '../columns/decode-column.js';
import { guarded } from '../errors/translate-error.js';
import type { SqlRunner } from '../sql/sql-runner.js';
import { statement } from '../sql/statement.js';

const INSERTED = '"id", "idp_id", "email", "email_verified", "image_url", "idp_updated_at", "deleted_at"';
const COLUMNS = `${INSERTED}, "locale"`;

// One guarded statement: inserts, or overwrites only a live row with an older snapshot (or one as
// new whose verification state is unknown: a row stored before it was kept). When the WHERE
// suppresses the update nothing comes back, so the caller reads the row afterwards. The same
// round trip answers whether an invitation waits for the email (the arrival's next question,
// docs/performance.md), and whether this write first stored the primary email verified: the outer query reads
// "users" in the statement's snapshot, i.e. the row as it was before the write.
// A row that comes back holds the snapshot and no deletion (an insert writes them, and the update
// runs only on a live row), so only what the snapshot cannot tell comes back: the driver parses
// each returned column's description on every execution (about 4,000 instructions a column, docs/performance.md).
const SYNC = statement(
  'users_sync_from_provider',
  `with "written" as (insert into "users" (${INSERTED}) values (?, ?, ?, ?, ?, ?, ?)
on conflict ("idp_id") do update set "email" = excluded."email", "email_verified" = excluded."email_verified", "image_url" = excluded."image_url", "idp_updated_at" = excluded."idp_updated_at"
where "users"."deleted_at" is null and ("users"."idp_updated_at" is null or "users"."idp_updated_at" < excluded."idp_updated_at"
or ("users"."email_verified" is null and "users"."idp_updated_at" <= excluded."idp_updated_at"))
returning "id", "email", "email_verified", "locale", ("xmax" = 0) as "inserted")
select "written"."id", "written"."locale", "written"."inserted",
"written"."email_verified" and not exists (select 1 from "users" as "before" where "before"."id" = "written"."id" and "before"."email_verified" and "before"."email" = "written"."email") as "newly_verified",
exists (select 1 from "invitations" where lower("invitations"."email") = lower("written"."email") and "invitations"."status" = 'pending') as "invitations_pending"
from "written"`,
);

/** One row of `SYNC`. */
interface SyncRecord {
  readonly id: unknown;
  readonly locale: unknown;
  readonly inserted: boolean;
  readonly newly_verified: boolean;
  readonly invitations_pending: boolean;
}

// One guarded statement, so a concurrent creation cannot slip between an update and a tombstone
// insert: inserts the tombstone, or sets deleted_at once on an existing row.
const MARK_DELETED = statement(
  'users_mark_deleted',
  `insert into "users" (${INSERTED}) values (?, ?, ?, ?, ?, ?, ?)
on conflict ("idp_id") do update set "deleted_at" = excluded."deleted_at" where "users"."deleted_at" is null
returning ${COLUMNS}`,
);

// Keyset on the unique idp_id index; deleted rows are skipped by the filter, never by the keyset.
const LIST_LIVE_FIRST = statement(
  'users_list_live_first',
  `select ${COLUMNS} from "users" where "deleted_at" is null order by "idp_id" limit ?`,
);
const LIST_LIVE_AFTER = statement(
  'users_list_live_after',
  `select ${COLUMNS} from "users" where "deleted_at" is null and "idp_id" > ? order by "idp_id" limit ?`,
);

// The user's language: only a live row, and only when the language differs (callers already skip unchanged ones).
const SET_LOCALE = statement(
  'users_set_locale',
  `update "users" set "locale" = ? where "id" = ? and "deleted_at" is null and "locale" is distinct from ?`,
);

const FIND = statement('users_find_by_idp_id', `select ${COLUMNS} from "users" where "idp_id" = ?`);
const FIND_VERIFIED = statement(
  'users_find_by_verified_email',
  `select ${COLUMNS} from "users" where lower("email") = lower(?) and "email_verified" and "deleted_at" is null order by "id" limit 1`,
);

/** The row `SYNC` wrote: the snapshot, under the row's id (the new one, or the existing row's) and its language. */
const writtenUser = (snapshot: Omit<User, 'locale'>, written: SyncRecord): User => ({
  ...snapshot,
  id: decodeColumn(UserId, written.id, 'users.id'),
  locale: decodeNullable(Locale, written.locale, 'users.locale'),
});

/** A `users` row exactly as raw SQL returns it (snake_case columns). */
export interface UserRecord {
  readonly id: unknown;
  readonly idp_id: unknown;
  readonly email: unknown;
  readonly email_verified: unknown;
  readonly image_url: unknown;
  readonly idp_updated_at: unknown;
  readonly deleted_at: unknown;
  readonly locale: unknown;
}

/** A boolean column (PostgreSQL and PGlite both hand back a JS boolean). */
const Bool: ColumnCodec<boolean> = {
  name: 'boolean',
  decode: (input) => (typeof input === 'boolean' ? E.right(input) : E.left(input)),
};

/** Decodes a `users` row into the core `User` (a row that does not decode is a defect). */
export const userToDomain = (row: UserRecord, parseDate: DateParser): User => ({
  id: decodeColumn(UserId, row.id, 'users.id'),
  idpId: decodeColumn(IdpUserId, row.idp_id, 'users.idp_id'),
  email: decodeNullable(Email, row.email, 'users.email'),
  // NULL is "unknown" (a row stored before the state was kept), never read as verified.
  emailVerified: decodeNullable(Bool, row.email_verified, 'users.email_verified'),
  imageUrl: decodeNullable(Text, row.image_url, 'users.image_url'),
  idpUpdatedAt: toNumber(row.idp_updated_at),
  deletedAt: toDate(row.deleted_at, parseDate),
  locale: decodeNullable(Locale, row.locale, 'users.locale'),
});

/** Maps a core `User` to the `users` columns, in the order the insert statements list them (the language is written on its own). */
const userToRow = (
  user: Omit<User, 'locale'>,
): readonly [string, string, string | null, boolean | null, string | null, number | null, Date | null] => [
  user.id,
  user.idpId,
  user.email,
  user.emailVerified,
  user.imageUrl,
  user.idpUpdatedAt,
  user.deletedAt,
];

/**
 * The Users port on raw SQL through the repositories' runner: every statement joins the current
 * transaction when there is one, and runs prepared on PostgreSQL (see `createSqlRunner`).
 */
export class SqlUsers implements Users {
  constructor(
    private readonly sql: SqlRunner,
    private readonly parseDate: DateParser,
  ) {}

  findByIdpId(idpId: IdpUserId): Promise<O.Option<User>> {
    return guarded('users.findByIdpId', async () => O.fromNullable(await this.find(idpId)));
  }

  findByVerifiedEmail(email: Email): Promise<O.Option<User>> {
    return guarded('users.findByVerifiedEmail', async () => {
      const [row] = await this.sql.rows<UserRecord>(FIND_VERIFIED, [email]);
      return row === undefined ? O.none : O.some(this.toDomain(row));
    });
  }

  listLive(after: IdpUserId | null, limit: number): Promise<readonly User[]> {
    return guarded('users.listLive', async () => {
      const rows =
        after === null
          ? await this.sql.rows<UserRecord>(LIST_LIVE_FIRST, [limit])
          : await this.sql.rows<UserRecord>(LIST_LIVE_AFTER, [after, limit]);
      return rows.map((row) => this.toDomain(row));
    });
  }

  syncFromProvider(snapshot: ProviderUser, newId: UserId): Promise<UserSync> {
    const user = {
      id: newId,
      idpId: snapshot.idpId,
      email: snapshot.email,
      emailVerified: snapshot.emailVerified,
      imageUrl: snapshot.imageUrl,
      idpUpdatedAt: snapshot.updatedAt,
      deletedAt: null,
    };
    // A `then` rather than an async function: every user.created and user.updated writes here (docs/performance.md).
    // Mapped inside `guarded`, so that a value the mapping refuses rejects like a failed write.
    return guarded('users.syncFromProvider', () =>
      this.sql.rows<SyncRecord>(SYNC, userToRow(user)).then(([written]) =>
        written !== undefined
          ? {
              user: writtenUser(user, written),
              created: written.inserted === true,
              newlyVerified: written.newly_verified === true,
              invitationsPending: written.invitations_pending === true,
            }
          : this.mustFind(snapshot.idpId).then((found) => ({ user: found, created: false, newlyVerified: false })),
      ),
    );
  }

  markDeleted(idpId: IdpUserId, at: Date, newId: UserId): Promise<User> {
    return guarded('users.markDeleted', async () => {
      const row = userToRow({ id: newId, idpId, email: null, emailVerified: null, imageUrl: null, idpUpdatedAt: null, deletedAt: at });
      const [written] = await this.sql.rows<UserRecord>(MARK_DELETED, row);
      return written !== undefined ? this.toDomain(written) : this.mustFind(idpId);
    });
  }

  setLocale(userId: UserId, locale: Locale): Promise<void> {
    return guarded('users.setLocale', async () => {
      await this.sql.run(SET_LOCALE, [locale, userId, locale]);
    });
  }

  private async find(idpId: IdpUserId): Promise<User | null> {
    const [row] = await this.sql.rows<UserRecord>(FIND, [idpId]);
    return row === undefined ? null : this.toDomain(row);
  }

  private async mustFind(idpId: IdpUserId): Promise<User> {
    const user = await this.find(idpId);
    // Rows are never removed, so a conflicting row read in the same call is still there.
    if (user === null) throw new Error('users row vanished after a conflict');
    return user;
  }

  private toDomain(row: UserRecord): User {
    return userToDomain(row, this.parseDate);
  }
}
