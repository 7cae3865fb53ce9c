import { performance } from 'node:perf_hooks';
import type { SqlEntityManager } from '@mikro-orm/postgresql';
import type { DatabaseConfig } from '../database/database-config.js';
import { createPgliteRunner } from './pglite-runner.js';
import { createPostgresRunner } from './postgres-runner.js';
import type { QueryObserver, SqlRunner, SqlRunnerOptions } from './sql-runner.js';
import type { Statement } from './statement.js';

// Times each statement for the observer; without one, the runner is returned as it is.
const timed = (runner: SqlRunner, observe: QueryObserver | undefined): SqlRunner => {
  if (observe === undefined) return runner;
  const time = async <T>(statement: Statement, run: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    try {
      return await run();
    } finally {
      observe(statement.name, (performance.now() - started) / 1000);
    }
  };
  return {
    rows: (statement, values) => time(statement, () => runner.rows(statement, values)),
    run: (statement, values) => time(statement, () => runner.run(statement, values)),
    executeSql: (text, values) => runner.executeSql(text, values),
    transaction: (work) => runner.transaction(work),
    inTransaction: () => runner.inTransaction(),
    close: () => runner.close(),
    poolStats: () => runner.poolStats(),
  };
};

/**
 * The runner for repositories, on the backend's own path (see `createPostgresRunner` and
 * `createPgliteRunner`). Statements the work of `transaction` runs join its transaction.
 *
 * @example
 * const sql = createSqlRunner(orm.em, { kind: 'postgres', url });
 * const [user] = await sql.rows(FIND_USER, [idpId]);
 * await sql.transaction(async () => { await sql.run(CLAIM, [id]); await sql.run(PROMOTE, [id]); });
 */
export const createSqlRunner = (em: SqlEntityManager, config: DatabaseConfig, options: SqlRunnerOptions = {}): SqlRunner =>
  timed(config.kind === 'postgres' ? createPostgresRunner(config.url, options) : createPgliteRunner(em, options), options.onQuery);
