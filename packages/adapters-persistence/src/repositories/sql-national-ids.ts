import { UserId, type NationalIds, type SealedNationalId, type StoredNationalId } from '@idv/core';
import * as O from 'fp-ts/lib/Option.js';
import { guarded } from '../errors/translate-error.js';
import { decodeColumn, Text } from '../columns/decode-column.js';
import type { SqlRunner } from '../sql/sql-runner.js';
import { statement } from '../sql/statement.js';

// Stores or replaces in one statement, so two concurrent puts cannot both insert.
const PUT = statement(
  'national_ids_put',
  `insert into "national_ids" ("user_id", "sealed", "created_at", "updated_at") values (?, ?, ?, ?)
on conflict ("user_id") do update set "sealed" = excluded."sealed", "updated_at" = excluded."updated_at"`,
);

const FIND = statement('national_ids_find', `select "sealed" from "national_ids" where "user_id" = ?`);

const ERASE = statement('national_ids_erase', `delete from "national_ids" where "user_id" = ?`);

// A keyset walk by the primary key: each page starts after the last user id of the previous one.
const LIST_FIRST = statement('national_ids_list_first', `select "user_id", "sealed" from "national_ids" order by "user_id" limit ?`);
const LIST_AFTER = statement(
  'national_ids_list_after',
  `select "user_id", "sealed" from "national_ids" where "user_id" > ? order by "user_id" limit ?`,
);

// Guarded on the value read: a national ID the user set meanwhile is never overwritten.
const REPLACE = statement(
  'national_ids_replace',
  `update "national_ids" set "sealed" = ?, "updated_at" = ? where "user_id" = ? and "sealed" = ? returning "user_id"`,
);

/** The NationalIds port: sealed values only (the vault adapter seals and opens them), one row per user. */
export class SqlNationalIds implements NationalIds {
  constructor(private readonly sql: SqlRunner) {}

  put(userId: UserId, sealed: SealedNationalId, at: Date): Promise<void> {
    return guarded('nationalIds.put', async () => {
      await this.sql.run(PUT, [userId, sealed, at, at]);
    });
  }

  /** The sealed national ID of this user, if one is set. */
  find(userId: UserId): Promise<O.Option<SealedNationalId>> {
    return guarded('nationalIds.find', async () => {
      const [row] = await this.sql.rows<{ sealed: unknown }>(FIND, [userId]);
      return row === undefined ? O.none : O.some(decodeColumn(Text, row.sealed, 'national_ids.sealed'));
    });
  }

  /** Deletes the user's row, if any (joins the unit of work's transaction). */
  erase(userId: UserId): Promise<void> {
    return guarded('nationalIds.erase', async () => {
      await this.sql.run(ERASE, [userId]);
    });
  }

  /** Up to `limit` rows after `after`, by user id. */
  listAfter(after: UserId | null, limit: number): Promise<readonly StoredNationalId[]> {
    return guarded('nationalIds.listAfter', async () => {
      const rows = await this.sql.rows<{ user_id: unknown; sealed: unknown }>(
        after === null ? LIST_FIRST : LIST_AFTER,
        after === null ? [limit] : [after, limit],
      );
      return rows.map((row) => ({
        userId: decodeColumn(UserId, row.user_id, 'national_ids.user_id'),
        sealed: decodeColumn(Text, row.sealed, 'national_ids.sealed'),
      }));
    });
  }

  /** Replaces the sealed value only while it is still `expected`. */
  replace(userId: UserId, expected: SealedNationalId, sealed: SealedNationalId, at: Date): Promise<boolean> {
    return guarded('nationalIds.replace', async () => (await this.sql.rows(REPLACE, [sealed, at, userId, expected])).length === 1);
  }
}
