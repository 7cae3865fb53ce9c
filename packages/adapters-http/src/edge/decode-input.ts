import * as E from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/lib/function.js';
import type * as t from 'io-ts';
import { describeErrors, showValue } from '@idv/core';
import { isPersonalData } from './personal-data.js';
import { validationFailed, type RequestPart, type ValidationFailed } from './validation-failed.js';

/**
 * What a problem line says was sent. Values of personal data never appear in a validation problem
 * (they are named by path only): a value at or below a codec marked `personalData` reads
 * `[REDACTED]`, and an object or array is never echoed, since a marked field may sit inside it.
 */
const sentValue = (error: t.ValidationError): string => {
  if (isPersonalData(error.context)) return '[REDACTED]';
  if (Array.isArray(error.value)) return 'an array';
  if (typeof error.value === 'object' && error.value !== null) return 'an object';
  return showValue(error.value);
};

/**
 * Decodes one part of a request with its io-ts codec; each problem becomes one line prefixed with
 * the part (`body.email: expected Email, got "x"`, `body.nationalId: expected NationalId, got [REDACTED]`).
 */
export const decodeInput = <A>(codec: t.Decoder<unknown, A>, value: unknown, part: RequestPart): E.Either<ValidationFailed, A> =>
  pipe(
    codec.decode(value),
    E.mapLeft((errors) =>
      validationFailed(
        describeErrors(errors, sentValue).map((line) => (line.startsWith('(root)') ? `${part}${line.slice(6)}` : `${part}.${line}`)),
      ),
    ),
  );
