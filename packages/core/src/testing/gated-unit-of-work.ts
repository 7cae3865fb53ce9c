import * as E from 'fp-ts/lib/Either.js';
import type { Either } from 'fp-ts/lib/Either.js';
import type { UnitOfWork, UnitOfWorkOptions } from '../shared/unit-of-work.js';

/** A unit of work held at its start: the use case has made its checks and not yet written. */
export interface HeldUnitOfWork {
  /** Resolves once the use case reached the unit of work and waits there. */
  readonly reached: Promise<void>;
  /** Lets it go on. */
  release(): void;
}

/**
 * Runs work directly, like `ImmediateUnitOfWork`, with two switches for race tests that need no
 * sleeps: `holdNext()` stops the next unit of work at its start until released (so another request
 * can run between a use case's checks and its writes), and `conflictNext(n)` makes the next `n`
 * attempts fail as a transaction the database aborted for a concurrent one (each unit of work is
 * retried once, like the SQL adapter's; the retry's own conflict answers `onConflict`).
 */
export class GatedUnitOfWork implements UnitOfWork {
  private readonly holds: { arrive: () => void; released: Promise<void> }[] = [];
  private conflicts = 0;

  /** Holds the next unit of work at its start. */
  holdNext(): HeldUnitOfWork {
    let arrive!: () => void;
    let release!: () => void;
    const reached = new Promise<void>((resolve) => (arrive = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));
    this.holds.push({ arrive, released });
    return { reached, release };
  }

  /** Makes the next `count` attempts conflict. */
  conflictNext(count: number): void {
    this.conflicts = count;
  }

  async run<E, A>(work: () => Promise<Either<E, A>>, options: UnitOfWorkOptions<E> = {}): Promise<Either<E, A>> {
    const hold = this.holds.shift();
    if (hold !== undefined) {
      hold.arrive();
      await hold.released;
    }
    for (let attempt = 1; ; attempt += 1) {
      if (this.conflicts === 0) return work();
      this.conflicts -= 1;
      if (attempt === 2) {
        if (options.onConflict !== undefined) return E.left(options.onConflict());
        throw new Error('transaction conflicted twice');
      }
    }
  }
}
