import pg from 'pg';
import { guarded } from '../errors/translate-error.js';
import type { SqlResult, SqlRunner, SqlRunnerOptions } from './sql-runner.js';
import type { Statement } from './statement.js';
import { innermostOpen, type OpenTransaction } from './open-transaction.js';
import { ownTransactionSlot } from './transaction-slot.js';

type Open = OpenTransaction<pg.PoolClient>;

// The runner's own statements (begin, commit, savepoints), never the caller's work: translated here.
const control = (client: pg.PoolClient, operation: string, text: string): Promise<unknown> => guarded(operation, () => client.query(text));

/**
 * The PostgreSQL runner: every statement is a named prepared statement on the runner's own `pg` pool
 * (the driver MikroORM uses; MikroORM cannot prepare, and a query through knex's pooled connection
 * costs twice the CPU of the plain driver). A transaction holds one pooled connection from `begin`
 * to `commit` or `rollback`; statements its work runs go to that connection (still prepared), and a
 * transaction opened inside another is a savepoint.
 */
export const createPostgresRunner = (url: string, options: SqlRunnerOptions): SqlRunner => {
  const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 8 });
  // Without a listener, an idle connection dropped by the server would crash the process.
  pool.on('error', (error) => options.onDriverWarning?.(`idle connection error: ${error.message}`));
  const slot = (options.transactionSlot ?? ownTransactionSlot)<Open>();
  const answered = options.onAnswered;
  // With a callback, one promise of ours per statement; without, pg-pool makes two (docs/performance.md).
  const prepared = (statement: Statement, values: readonly unknown[]) =>
    new Promise<pg.QueryResult>((resolve, reject) => {
      const query = { name: statement.name, text: statement.numberedText, values: [...values] };
      (innermostOpen(slot.getStore())?.connection ?? pool).query(query, (error: Error | undefined, result: pg.QueryResult) => {
        if (error) return reject(error);
        answered?.();
        resolve(result);
      });
    });

  // Unprepared text: simple protocol without values (several statements answer one result each).
  const executeSql = (text: string, values?: readonly unknown[]) =>
    new Promise<SqlResult>((resolve, reject) => {
      const connection = innermostOpen(slot.getStore())?.connection ?? pool;
      const callback = (error: Error | undefined, result: pg.QueryResult | pg.QueryResult[]) => {
        if (error) return reject(error);
        answered?.();
        const last = Array.isArray(result) ? result.at(-1) : result;
        resolve({ rows: (last?.rows ?? []) as Record<string, unknown>[] });
      };
      if (values === undefined || values.length === 0) connection.query(text, callback);
      else connection.query(text, [...values], callback);
    });

  const inSavepoint = async <T>(open: Open, work: () => Promise<T>): Promise<T> => {
    open.savepoints += 1;
    const name = `savepoint_${open.savepoints}`;
    await control(open.connection, 'transaction.savepoint', `savepoint ${name}`);
    try {
      const result = await work();
      await control(open.connection, 'transaction.release', `release savepoint ${name}`);
      return result;
    } catch (error) {
      // Should this fail too, the enclosing transaction cannot commit and its rollback reports it.
      await open.connection.query(`rollback to savepoint ${name}`).catch(() => undefined);
      throw error;
    }
  };

  const inTransaction = async <T>(work: () => Promise<T>): Promise<T> => {
    const client = await guarded('transaction.connect', () => pool.connect());
    const open: Open = { connection: client, parent: undefined, savepoints: 0, finished: false };
    let broken: Error | undefined;
    // A checked-out client reports a lost connection as an 'error' event; unheard, it would crash the
    // process. The statement in flight rejects on its own; the connection is destroyed at release.
    const onLost = (error: Error) => {
      broken = error;
      options.onDriverWarning?.(`connection lost in a transaction: ${error.message}`);
    };
    client.on('error', onLost);
    try {
      await control(client, 'transaction.begin', 'begin');
      const result = await slot.run(open, work);
      await control(client, 'transaction.commit', 'commit');
      return result;
    } catch (error) {
      // A connection that cannot even roll back is destroyed, never pooled mid-transaction.
      await client.query('rollback').catch((rollbackError: Error) => {
        broken = rollbackError;
      });
      throw error;
    } finally {
      open.finished = true;
      client.off('error', onLost);
      client.release(broken);
    }
  };

  return {
    rows: <Row>(statement: Statement, values: readonly unknown[]) => prepared(statement, values).then((result) => result.rows as Row[]),
    run: (statement, values) => prepared(statement, values).then((result) => result.rowCount ?? 0),
    executeSql,
    transaction: (work) => {
      const open = innermostOpen(slot.getStore());
      return open === undefined ? inTransaction(work) : inSavepoint(open, work);
    },
    inTransaction: () => innermostOpen(slot.getStore()) !== undefined,
    close: () => pool.end(),
    poolStats: () => ({ pool: 'prepared', total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
};
