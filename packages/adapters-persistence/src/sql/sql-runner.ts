import type { Statement } from './statement.js';
import type { TransactionSlot } from './transaction-slot.js';

/** Runs a statement and returns its rows; `run` returns the affected row count instead. */
export interface SqlRunner {
  /** Runs the statement and returns its rows. */
  rows<Row>(statement: Statement, values: readonly unknown[]): Promise<Row[]>;
  /** Runs the statement and returns the number of rows it affected. */
  run(statement: Statement, values: readonly unknown[]): Promise<number>;
  /**
   * Runs `work` in one transaction: committed when it resolves, rolled back when it rejects (with
   * the work's own rejection). Statements run through this runner while the work runs join the
   * transaction; a transaction opened inside another is a savepoint of it. A failed begin or commit
   * rejects with a `PersistenceError`.
   */
  transaction<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Runs SQL text that is not one of the repositories' statements (a library's own, such as the job
   * queue's), unprepared, and returns the rows of its last statement. Without values the text may
   * hold several statements; with values it is one statement with `$n` placeholders. It joins the
   * caller's open transaction when there is one, like every statement of this runner. Errors are
   * the driver's own, untranslated (the library reads them).
   */
  executeSql(text: string, values?: readonly unknown[]): Promise<SqlResult>;
  /** Whether the caller's async work runs inside a transaction of this runner (so a new one would be a savepoint). */
  inTransaction(): boolean;
  /** Closes the runner's own connections (PostgreSQL). */
  close(): Promise<void>;
  /** The runner's own pool (PostgreSQL): connections open, idle, and callers waiting for one. */
  poolStats(): PoolStats | undefined;
}

/** The rows of a statement run by `executeSql`. */
export interface SqlResult {
  readonly rows: Record<string, unknown>[];
}

/** A connection pool's counts at one moment (operators' metrics). */
export interface PoolStats {
  /** `prepared` (the runner's `pg` pool, for statements and transactions) or `orm` (MikroORM's, for migrations and health checks). */
  readonly pool: 'prepared' | 'orm';
  readonly total: number;
  readonly idle: number;
  readonly waiting: number;
}

/** Receives every statement's name (a constant of the repositories, never its values) and duration. */
export type QueryObserver = (statementName: string, seconds: number) => void;

/** Options of the runner; the pool's size and warnings concern PostgreSQL only. */
export interface SqlRunnerOptions {
  /** Connections of the runner's own pool (default 8). */
  readonly poolSize?: number;
  /** Receives errors of idle pooled connections (a restarted server, say); they never crash the process. */
  readonly onDriverWarning?: (message: string) => void;
  /** Told of every statement, succeeded or failed, for operators' metrics. */
  readonly onQuery?: QueryObserver;
  /** Told whenever the database answered a statement: the host learns that an outage is over (one call, no data). */
  readonly onAnswered?: () => void;
  /**
   * Makes the slot where the runner keeps the open transaction (default: an AsyncLocalStorage of
   * its own). A host with a request-scoped AsyncLocalStorage lends a slot in it, one fewer enabled.
   */
  readonly transactionSlot?: <T>() => TransactionSlot<T>;
}
