import * as E from 'fp-ts/lib/Either.js';
import { InvalidRow } from '../errors/invalid-row.js';
import { toDate, type DateParser } from './column-values.js';

/** The part of an io-ts codec the mappers use (core's codecs: `Role`, `Email`, the branded ids…). */
export interface ColumnCodec<A> {
  readonly name: string;
  decode(input: unknown): E.Either<unknown, A>;
}

/** Decodes a column with a core codec; a stored value that does not decode is a defect. */
export const decodeColumn = <A>(codec: ColumnCodec<A>, value: unknown, column: string): A => {
  const result = codec.decode(value);
  if (E.isLeft(result)) throw new InvalidRow(column, codec.name);
  return result.right;
};

/** Decodes a nullable column: null stays null, anything else must decode. */
export const decodeNullable = <A>(codec: ColumnCodec<A>, value: unknown, column: string): A | null =>
  value === null || value === undefined ? null : decodeColumn(codec, value, column);

/** A non-null timestamp column as a Date. */
export const requireDate = (value: unknown, parseDate: DateParser, column: string): Date => {
  const date = toDate(value, parseDate);
  if (date === null || Number.isNaN(date.getTime())) throw new InvalidRow(column, 'timestamp');
  return date;
};

/** A non-null text column. */
export const Text: ColumnCodec<string> = {
  name: 'string',
  decode: (input) => (typeof input === 'string' ? E.right(input) : E.left(input)),
};
