import type { Either } from 'fp-ts/lib/Either.js';

/** How a unit of work answers when the database gives up on it. */
export interface UnitOfWorkOptions<E> {
  /**
   * The Left to answer when the transaction still conflicts with a concurrent one (a serialization
   * failure or a deadlock) after its one retry. Without it, such a transaction rejects (a defect).
   */
  readonly onConflict?: () => E;
}

/**
 * Runs a piece of work in one transaction: a Right commits, a Left or a rejection rolls back.
 * Repositories used inside `work` take part in the same transaction. A transaction the database
 * aborts for a conflict with a concurrent one (serialization failure, deadlock) is run once more
 * from the start, so `work` must do nothing outside the transaction that cannot happen twice.
 */
export interface UnitOfWork {
  /** Runs `work` in one transaction: committed on a Right, rolled back on a Left or a rejection. */
  run<E, A>(work: () => Promise<Either<E, A>>, options?: UnitOfWorkOptions<E>): Promise<Either<E, A>>;
}
