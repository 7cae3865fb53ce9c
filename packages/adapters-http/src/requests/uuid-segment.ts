import * as t from 'io-ts';
import { UUID_SCHEMA, isUuid, withJsonSchema } from '@idv/core';

/** A UUID path segment: anything else is a 400 naming it, never a database error. */
export const UuidSegment = withJsonSchema(
  new t.Type<string, string, unknown>(
    'Uuid',
    (u): u is string => typeof u === 'string' && isUuid(u),
    (u, c) => (typeof u === 'string' && isUuid(u) ? t.success(u) : t.failure(u, c, 'expected a UUID')),
    t.identity,
  ),
  UUID_SCHEMA,
);
