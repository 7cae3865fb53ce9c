import type { Either } from 'fp-ts/lib/Either.js';

/**
 * Runs a piece of work in one transaction: a Right commits, a Left or a rejection rolls back.
 * Repositories used inside `work` take part in the same transaction.
 */
export interface UnitOfWork {
  /** Runs `work` in one transaction: committed on a Right, rolled back on a Left or a rejection. */
  run<E, A>(work: () => Promise<Either<E, A>>): Promise<Either<E, A>>;
}
