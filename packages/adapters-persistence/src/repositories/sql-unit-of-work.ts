import type { UnitOfWork } from '@idv/core';
import type { Either, Left } from 'fp-ts/lib/Either.js';
import * as E from 'fp-ts/lib/Either.js';
import type { SqlRunner } from '../sql/sql-runner.js';

/** Thrown inside the transaction to roll it back, carrying the Left out. */
class Rollback {
  constructor(readonly left: Left<unknown>) {}
}

/**
 * The UnitOfWork port on the repositories' runner: a Right commits, a Left or a rejection rolls
 * back. Repositories built on the same runner join the transaction while the work runs.
 */
export class SqlUnitOfWork implements UnitOfWork {
  constructor(private readonly sql: SqlRunner) {}

  /** Runs `work` in one database transaction, committed on a Right and rolled back on a Left or a rejection. */
  async run<E, A>(work: () => Promise<Either<E, A>>): Promise<Either<E, A>> {
    try {
      return await this.sql.transaction(async () => {
        const result = await work();
        if (E.isLeft(result)) throw new Rollback(result);
        return result;
      });
    } catch (error) {
      // The work's own errors pass through, as do the runner's (already translated) begin and commit failures.
      if (error instanceof Rollback) return error.left as Left<E>;
      throw error;
    }
  }
}
