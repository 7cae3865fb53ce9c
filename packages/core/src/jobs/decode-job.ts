import * as E from 'fp-ts/lib/Either.js';
import type * as t from 'io-ts';
import { describeErrors } from '../shared/describe-errors.js';

/**
 * A job's payload as its handler's codec reads it. A payload that does not decode is a defect (the
 * job was written by another version, or by hand): it throws, naming the job and the fields, and
 * the job ends dead, visible to `npm run jobs list-dead`.
 */
export const decodeJob = <A>(codec: t.Decoder<unknown, A>, job: string, data: unknown): A => {
  const decoded = codec.decode(data);
  if (E.isLeft(decoded)) throw new Error(`job ${job}: malformed payload (${describeErrors(decoded.left).join('; ')})`);
  return decoded.right;
};
