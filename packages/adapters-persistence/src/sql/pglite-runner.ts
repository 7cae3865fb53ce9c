import type { PGlite } from '@electric-sql/pglite';
import type { Knex, SqlEntityManager } from '@mikro-orm/postgresql';
import { translateError } from '../errors/translate-error.js';
import type { SqlResult, SqlRunner, SqlRunnerOptions } from './sql-runner.js';
import type { Statement } from './statement.js';
import { innermostOpen, type OpenTransaction } from './open-transaction.js';
import { ownTransactionSlot } from './transaction-slot.js';
import { runPgliteStatement, type StatementResult } from './pglite-statements.js';

type Open = OpenTransaction<Knex.Transaction>;

/** The work's own rejection, told apart from a failed begin or commit (which are translated). */
class WorkFailed {
  constructor(readonly error: unknown) {}
}

// The knex client's connection, which on PGlite is the instance itself (a pool of one).
interface ConnectionClient {
  acquireConnection(): Promise<unknown>;
  releaseConnection(connection: unknown): unknown;
}

/**
 * The PGlite runner (one in-process connection): statements run as named prepared statements on
 * the PGlite instance, taken from the ORM's knex pool of one (or from the open transaction, which
 * holds it), so they never interleave with the ORM's own queries or another request's transaction.
 * Values are bound, never written into the text (PGlite's knex dialect took any text with a `;` in
 * it for several statements: a value such as `https://a;b` came back as an array of result sets).
 * A transaction is a knex transaction, and one opened inside another a savepoint.
 */
export const createPgliteRunner = (em: SqlEntityManager, options: SqlRunnerOptions): SqlRunner => {
  const slot = (options.transactionSlot ?? ownTransactionSlot)<Open>();
  // Runs `use` on the instance, inside the caller's open transaction when there is one.
  const withInstance = async <T>(use: (pglite: PGlite, inTransaction: boolean) => Promise<T>): Promise<T> => {
    const open = innermostOpen(slot.getStore());
    // A transaction's client hands out the connection it holds; the ORM's waits for the pool's one.
    const client = (open?.connection.client ?? em.getKnex().client) as ConnectionClient;
    const pglite = (await client.acquireConnection()) as PGlite;
    try {
      const result = await use(pglite, open !== undefined);
      options.onAnswered?.();
      return result;
    } finally {
      await client.releaseConnection(pglite);
    }
  };
  const execute = (statement: Statement, values: readonly unknown[]): Promise<StatementResult> =>
    withInstance((pglite, inTransaction) => runPgliteStatement(pglite, statement, values, !inTransaction));
  // Several statements (a schema's creation) go through `exec`, one with values through `query`.
  const executeSql = (text: string, values?: readonly unknown[]): Promise<SqlResult> =>
    withInstance(async (pglite) => {
      if (values === undefined || values.length === 0) {
        const results = await pglite.exec(text);
        return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
      }
      const result = await pglite.query<Record<string, unknown>>(text, [...values]);
      return { rows: result.rows };
    });
  return {
    rows: async <Row>(statement: Statement, values: readonly unknown[]) => (await execute(statement, values)).rows as Row[],
    run: async (statement, values) => (await execute(statement, values)).rowCount,
    executeSql,
    transaction: async <T>(work: () => Promise<T>): Promise<T> => {
      const parent = innermostOpen(slot.getStore());
      let open: Open | undefined;
      try {
        return await (parent?.connection ?? em.getKnex()).transaction(async (connection) => {
          open = { connection, parent, savepoints: 0, finished: false };
          try {
            return await slot.run(open, work);
          } catch (error) {
            throw new WorkFailed(error);
          }
        });
      } catch (error) {
        if (error instanceof WorkFailed) throw error.error;
        throw translateError('transaction', error);
      } finally {
        if (open !== undefined) open.finished = true;
      }
    },
    inTransaction: () => innermostOpen(slot.getStore()) !== undefined,
    close: async () => undefined,
    poolStats: () => undefined,
  };
};
