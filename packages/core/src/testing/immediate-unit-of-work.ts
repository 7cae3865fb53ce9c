import type { Either } from 'fp-ts/lib/Either.js';
import type { UnitOfWork } from '../shared/unit-of-work.js';

/** Runs work directly. In-memory fakes have no rollback; the database adapters' contract covers it. */
export class ImmediateUnitOfWork implements UnitOfWork {
  /** Runs `work` directly (the in-memory fakes need no transaction). */
  run<E, A>(work: () => Promise<Either<E, A>>): Promise<Either<E, A>> {
    return work();
  }
}
