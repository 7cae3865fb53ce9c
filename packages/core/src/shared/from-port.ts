import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';

/**
 * Lifts a port call into a TaskEither; a rejection stays a rejection (a defect, never a Left).
 * `TE.fromTask` would do the same with three promises more per call (docs/performance.md).
 */
export const fromPort =
  <A>(call: () => Promise<A>): TE.TaskEither<never, A> =>
  async () =>
    E.right(await call());
