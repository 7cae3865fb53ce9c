import { performance } from 'node:perf_hooks';
import type { Knex, SqlEntityManager } from '@mikro-orm/postgresql';
import pg from 'pg';
import type { DatabaseConfig } from '../database/database-config.js';
import type { Statement } from './statement.js';

/** Runs a statement and returns its rows; `run` returns the affected row count instead. */
export interface SqlRunner {
  /** Runs the statement and returns its rows. */
  rows<Row>(statement: Statement, values: readonly unknown[]): Promise<Row[]>;
  /** Runs the statement and returns the number of rows it affected. */
  run(statement: Statement, values: readonly unknown[]): Promise<number>;
  /** Closes the runner's own connections (PostgreSQL). */
  close(): Promise<void>;
  /** The runner's own pool (PostgreSQL): connections open, idle, and callers waiting for one. */
  poolStats(): PoolStats | undefined;
}

/** A connection pool's counts at one moment (operators' metrics). */
export interface PoolStats {
  /** `prepared` (the runner's `pg` pool) or `orm` (MikroORM's, used by transactions). */
  readonly pool: 'prepared' | 'orm';
  readonly total: number;
  readonly idle: number;
  readonly waiting: number;
}

/** Receives every statement's name (a constant of the repositories, never its values) and duration. */
export type QueryObserver = (statementName: string, seconds: number) => void;

/** Options of the PostgreSQL runner. */
export interface SqlRunnerOptions {
  /** Connections of the runner's own pool (default 8). */
  readonly poolSize?: number;
  /** Receives errors of idle pooled connections (a restarted server, say); they never crash the process. */
  readonly onDriverWarning?: (message: string) => void;
  /** Told of every statement, succeeded or failed, for operators' metrics (issue #12). */
  readonly onQuery?: QueryObserver;
}

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
    close: () => runner.close(),
    poolStats: () => runner.poolStats(),
  };
};

// A raw result: `pg` counts rows in `rowCount`, PGlite in `affectedRows`.
interface RawResult {
  readonly rows: unknown[];
  readonly rowCount?: number | null;
  readonly affectedRows?: number;
}

/**
 * Through the ORM's connection, joining its transaction when there is one, with the values bound and
 * never written into the text. (`em.execute` interpolates them, and PGlite's dialect takes any text
 * with a `;` in it for several statements: a value such as `https://a;b` came back as an array of
 * result sets, not rows.)
 */
const viaOrm = (em: SqlEntityManager): Pick<SqlRunner, 'rows' | 'run'> => {
  const execute = async (statement: Statement, values: readonly unknown[]): Promise<RawResult> => {
    const query = em.getKnex().raw(statement.text, [...values] as Knex.RawBinding[]);
    const transaction = em.getTransactionContext<Knex.Transaction>();
    if (transaction !== undefined) query.transacting(transaction);
    return (await query) as RawResult;
  };
  return {
    rows: async <Row>(statement: Statement, values: readonly unknown[]) => (await execute(statement, values)).rows as Row[],
    run: async (statement, values) => {
      const result = await execute(statement, values);
      return result.rowCount ?? result.affectedRows ?? 0;
    },
  };
};

/**
 * The runner for repositories. On PostgreSQL, outside a transaction, a statement runs as a named
 * prepared statement on the runner's own `pg` pool (the driver MikroORM uses; MikroORM cannot
 * prepare, and a query through knex's pooled connection costs twice the CPU of the plain driver);
 * inside `em.transactional` it goes through the ORM, so it joins the transaction's connection.
 * On PGlite (one in-process connection, no wire protocol) everything goes through the ORM.
 *
 * @example
 * const sql = createSqlRunner(orm.em, { kind: 'postgres', url });
 * const [user] = await sql.rows(FIND_USER, [idpId]);
 */
export const createSqlRunner = (em: SqlEntityManager, config: DatabaseConfig, options: SqlRunnerOptions = {}): SqlRunner => {
  const orm = viaOrm(em);
  if (config.kind === 'pglite') return timed({ ...orm, close: async () => undefined, poolStats: () => undefined }, options.onQuery);
  const pool = new pg.Pool({ connectionString: config.url, max: options.poolSize ?? 8 });
  // Without a listener, an idle connection dropped by the server would crash the process.
  pool.on('error', (error) => options.onDriverWarning?.(`idle connection error: ${error.message}`));
  const prepared = (statement: Statement, values: readonly unknown[]) =>
    pool.query({ name: statement.name, text: statement.numberedText, values: [...values] });
  return timed(
    {
      rows: async <Row>(statement: Statement, values: readonly unknown[]) =>
        em.isInTransaction() ? orm.rows<Row>(statement, values) : ((await prepared(statement, values)).rows as Row[]),
      run: async (statement, values) => (em.isInTransaction() ? orm.run(statement, values) : ((await prepared(statement, values)).rowCount ?? 0)),
      close: () => pool.end(),
      poolStats: () => ({ pool: 'prepared', total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    },
    options.onQuery,
  );
};
