import * as TE from 'fp-ts/lib/TaskEither.js';

/** Lifts a port call into a TaskEither; a rejection stays a rejection (a defect, never a Left). */
export const fromPort = <A>(call: () => Promise<A>): TE.TaskEither<never, A> => TE.fromTask(call);
