import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { registerCleanup } from './cleanup.js';

/** A throwaway PostgreSQL database next to the one `serverUrl` names. */
export interface ScratchDatabase {
  readonly name: string;
  readonly url: string;
  /** Runs one statement on the scratch database. */
  query<R extends pg.QueryResultRow = pg.QueryResultRow>(sql: string, values?: unknown[]): Promise<pg.QueryResult<R>>;
  /** Drops it, terminating whatever is still connected. */
  drop(): Promise<void>;
}

const runOnce = async <R extends pg.QueryResultRow>(url: string, sql: string, values: unknown[] = []): Promise<pg.QueryResult<R>> => {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await client.query<R>(sql, values);
  } finally {
    await client.end();
  }
};

/** Creates `idv_bench_<random>` on the server of `serverUrl`. */
export const createScratchDatabase = async (serverUrl: string): Promise<ScratchDatabase> => {
  const name = `idv_bench_${randomBytes(6).toString('hex')}`;
  await runOnce(serverUrl, `create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const drop = async (): Promise<void> => {
    unregister();
    await runOnce(serverUrl, `drop database if exists "${name}" with (force)`);
  };
  const unregister = registerCleanup(drop);
  return { name, url: url.toString(), query: (sql, values) => runOnce(url.toString(), sql, values), drop };
};

/** `server_version` of the PostgreSQL server, or why it could not be read. */
export const postgresVersion = async (serverUrl: string): Promise<string> => {
  try {
    const result = await runOnce<{ version: string }>(serverUrl, 'select version() as version');
    return result.rows[0]?.version.replace(/ on .*$/, '') ?? 'unknown';
  } catch (error) {
    return `unreachable (${error instanceof Error ? error.message : String(error)})`;
  }
};

/** Rows in `users`. */
export const countUsers = async (database: ScratchDatabase): Promise<number> =>
  Number((await database.query<{ count: string }>('select count(*) as count from "users"')).rows[0]?.count ?? 0);

/**
 * Grows `users` to `total` rows with one `insert … select … from generate_series`, writing the columns
 * a `user.created` delivery writes (id, idp_id, lower-cased primary email, image_url, idp_updated_at).
 * Returns the number of rows inserted.
 */
export const bulkInsertUsers = async (database: ScratchDatabase, total: number): Promise<number> => {
  const existing = await countUsers(database);
  if (existing >= total) return 0;
  const result = await database.query(
    `insert into "users" ("id", "idp_id", "email", "image_url", "idp_updated_at", "deleted_at")
     select gen_random_uuid(), 'user_bulk' || g, 'bulk' || g || '@bench.example.com', 'https://img.example.com/default.png', 1716883200000, null
     from generate_series(1, $1::int) as g`,
    [total - existing],
  );
  await database.query('analyze "users"');
  return result.rowCount ?? 0;
};

/** `count` provider ids spread evenly over the whole `users` table (ordered by primary key, i.e. at random). */
export const sampleIdpIds = async (database: ScratchDatabase, count: number): Promise<string[]> => {
  const total = await countUsers(database);
  const step = Math.max(1, Math.floor(total / count));
  const result = await database.query<{ idp_id: string }>(
    `select "idp_id" from (select "idp_id", row_number() over (order by "id") as n from "users" where "deleted_at" is null) as numbered
     where n % $1 = 0 limit $2`,
    [step, count],
  );
  return result.rows.map((row) => row.idp_id);
};
