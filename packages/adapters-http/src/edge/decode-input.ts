import * as E from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/lib/function.js';
import type * as t from 'io-ts';
import { describeErrors } from '@idv/core';
import { validationFailed, type RequestPart, type ValidationFailed } from './validation-failed.js';

/**
 * Decodes one part of a request with its io-ts codec; each problem becomes one line prefixed with
 * the part (`body.email: expected Email, got "x"`).
 */
export const decodeInput = <A>(codec: t.Decoder<unknown, A>, value: unknown, part: RequestPart): E.Either<ValidationFailed, A> =>
  pipe(
    codec.decode(value),
    E.mapLeft((errors) => validationFailed(describeErrors(errors).map((line) => (line.startsWith('(root)') ? `${part}${line.slice(6)}` : `${part}.${line}`)))),
  );
