import type { Knex, SqlEntityManager } from '@mikro-orm/postgresql';
import { translateError } from '../errors/translate-error.js';
import type { SqlRunner, SqlRunnerOptions } from './sql-runner.js';
import type { Statement } from './statement.js';
import { innermostOpen, type OpenTransaction } from './open-transaction.js';
import { ownTransactionSlot } from './transaction-slot.js';

type Open = OpenTransaction<Knex.Transaction>;

// A raw result: `pg` counts rows in `rowCount`, PGlite in `affectedRows`.
interface RawResult {
  readonly rows: unknown[];
  readonly rowCount?: number | null;
  readonly affectedRows?: number;
}

/** The work's own rejection, told apart from a failed begin or commit (which are translated). */
class WorkFailed {
  constructor(readonly error: unknown) {}
}

/**
 * The PGlite runner (one in-process connection, no wire protocol to prepare over): statements go
 * through the ORM's knex connection with the values bound, never written into the text (`em.execute`
 * interpolates them, and PGlite's dialect takes any text with a `;` in it for several statements: a
 * value such as `https://a;b` came back as an array of result sets, not rows). A transaction is a
 * knex transaction, and one opened inside another a savepoint.
 */
export const createPgliteRunner = (em: SqlEntityManager, options: SqlRunnerOptions): SqlRunner => {
  const slot = (options.transactionSlot ?? ownTransactionSlot)<Open>();
  const execute = async (statement: Statement, values: readonly unknown[]): Promise<RawResult> => {
    const query = em.getKnex().raw(statement.text, [...values] as Knex.RawBinding[]);
    const open = innermostOpen(slot.getStore());
    if (open !== undefined) query.transacting(open.connection);
    return (await query) as RawResult;
  };
  return {
    rows: async <Row>(statement: Statement, values: readonly unknown[]) => (await execute(statement, values)).rows as Row[],
    run: async (statement, values) => {
      const result = await execute(statement, values);
      return result.rowCount ?? result.affectedRows ?? 0;
    },
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
    close: async () => undefined,
    poolStats: () => undefined,
  };
};
