import type { UnitOfWork, UnitOfWorkOptions } from '@idv/core';
import type { Either, Left } from 'fp-ts/lib/Either.js';
import * as E from 'fp-ts/lib/Either.js';
import { translateError } from '../errors/translate-error.js';
import type { SqlRunner } from '../sql/sql-runner.js';

/** Thrown inside the transaction to roll it back, carrying the Left out. */
class Rollback {
  constructor(readonly left: Left<unknown>) {}
}

/** Whether the database aborted the transaction for a concurrent one (running it again may succeed), translated or not. */
const isConflict = (error: unknown): boolean => {
  if (error instanceof Rollback) return false;
  const { failure } = translateError('transaction', error);
  return failure === 'serialization_failure' || failure === 'deadlock';
};

/**
 * The UnitOfWork port on the repositories' runner: a Right commits, a Left or a rejection rolls
 * back. Repositories built on the same runner join the transaction while the work runs. An
 * outermost transaction aborted by a serialization failure or a deadlock runs once more; a second
 * conflict answers the caller's `onConflict` Left, or rejects without one. A unit of work inside
 * another is a savepoint of it and never retries on its own: the whole transaction was aborted.
 */
export class SqlUnitOfWork implements UnitOfWork {
  constructor(private readonly sql: SqlRunner) {}

  /** Runs `work` in one database transaction, committed on a Right and rolled back on a Left or a rejection. */
  async run<E, A>(work: () => Promise<Either<E, A>>, options: UnitOfWorkOptions<E> = {}): Promise<Either<E, A>> {
    if (this.sql.inTransaction()) return this.attempt(work);
    try {
      return await this.attempt(work);
    } catch (error) {
      if (!isConflict(error)) throw error;
    }
    try {
      return await this.attempt(work);
    } catch (error) {
      if (isConflict(error) && options.onConflict !== undefined) return E.left(options.onConflict());
      throw error;
    }
  }

  private async attempt<E, A>(work: () => Promise<Either<E, A>>): Promise<Either<E, A>> {
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
