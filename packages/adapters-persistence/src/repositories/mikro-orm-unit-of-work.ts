import type { UnitOfWork } from '@idv/core';
import type { SqlEntityManager } from '@mikro-orm/postgresql';
import type { Either, Left } from 'fp-ts/lib/Either.js';
import * as E from 'fp-ts/lib/Either.js';
import { isDriverError, translateError } from '../errors/translate-error.js';

/** Thrown inside the transaction to roll it back, carrying the Left out. */
class Rollback {
  constructor(readonly left: Left<unknown>) {}
}

/**
 * The UnitOfWork port on `em.transactional`: a Right commits, a Left or a rejection rolls back.
 * Repositories built on the same global `orm.em` join the transaction through its TransactionContext.
 */
export class MikroOrmUnitOfWork implements UnitOfWork {
  constructor(private readonly em: SqlEntityManager) {}

  /** Runs `work` in one database transaction, committed on a Right and rolled back on a Left or a rejection. */
  async run<E, A>(work: () => Promise<Either<E, A>>): Promise<Either<E, A>> {
    try {
      return await this.em.transactional(async () => {
        const result = await work();
        if (E.isLeft(result)) throw new Rollback(result);
        return result;
      });
    } catch (error) {
      if (error instanceof Rollback) return error.left as Left<E>;
      // The work's own errors pass through; a failed begin or commit is translated here.
      throw isDriverError(error) ? translateError('unitOfWork.run', error) : error;
    }
  }
}
