import * as E from 'fp-ts/lib/Either.js';
import type * as t from 'io-ts';

/** Decodes a job's payload; one the service did not write is a defect (the job fails, then is dead). */
export const decodeJob = <A>(codec: t.Decoder<unknown, A>, data: unknown, job: string): A => {
  const decoded = codec.decode(data);
  if (E.isLeft(decoded)) throw new Error(`${job}: malformed job payload`);
  return decoded.right;
};
