import type { NationalIds, SealedNationalId, UserId } from '@idv/core';
import * as O from 'fp-ts/lib/Option.js';
import { guarded } from '../errors/translate-error.js';
import { decodeColumn, Text } from '../mappers/decode-column.js';
import type { SqlRunner } from '../sql/sql-runner.js';
import { statement } from '../sql/statement.js';

// Stores or replaces in one statement, so two concurrent puts cannot both insert.
const PUT = statement('national_ids_put', `insert into "national_ids" ("user_id", "sealed", "created_at", "updated_at") values (?, ?, ?, ?)
on conflict ("user_id") do update set "sealed" = excluded."sealed", "updated_at" = excluded."updated_at"`);

const FIND = statement('national_ids_find', `select "sealed" from "national_ids" where "user_id" = ?`);

/** The NationalIds port: sealed values only (the vault adapter seals and opens them), one row per user. */
export class MikroOrmNationalIds implements NationalIds {
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
}
