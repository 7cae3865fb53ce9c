import * as t from 'io-ts';
import { withJsonSchema } from '../shared/json-schema.js';

const PATTERN = '^[0-9]{1,20}\\.[0-9]{1,20}$';

/** Brand of `FeedPosition`. */
export interface FeedPositionBrand {
  readonly FeedPosition: unique symbol;
}

/** `?cursor=` of the pull feed: the writing transaction's id, a dot, the row's sequence number (opaque to readers). */
export const FeedPosition = withJsonSchema(
  t.brand(t.string, (s): s is t.Branded<string, FeedPositionBrand> => new RegExp(PATTERN).test(s), 'FeedPosition'),
  { type: 'string', pattern: PATTERN, description: 'the nextCursor of a previous page' },
);
/** A pull feed position. */
export type FeedPosition = t.TypeOf<typeof FeedPosition>;
