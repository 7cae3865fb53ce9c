import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** A throwaway PostgreSQL database with a random name, created on the server TEST_DATABASE_URL names. */
export interface ScratchDatabase {
  readonly name: string;
  readonly url: string;
  /** Runs SQL on the server's maintenance database (not the scratch one). */
  admin(sql: string, params?: unknown[]): Promise<pg.QueryResult>;
  /** Drops the database, terminating whatever is still connected. */
  drop(): Promise<void>;
}

/** Runs one statement on a short-lived client. */
export const runOnce = async (url: string, sql: string, params: unknown[] = []): Promise<pg.QueryResult> => {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await client.query(sql, params);
  } finally {
    await client.end();
  }
};

/** Creates a scratch database (`idv_test_<random>`) next to the one `baseUrl` points at. */
export const createScratchDatabase = async (baseUrl: string): Promise<ScratchDatabase> => {
  const name = `idv_test_${randomBytes(6).toString('hex')}`;
  await runOnce(baseUrl, `create database "${name}"`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    admin: (sql, params) => runOnce(baseUrl, sql, params),
    drop: async () => {
      await runOnce(baseUrl, `drop database if exists "${name}" with (force)`);
    },
  };
};
