import * as t from 'io-ts';
import * as E from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/lib/function.js';
import { withJsonSchema } from './json-schema.js';

/** The page size when a list request names none. */
export const DEFAULT_PAGE_LIMIT = 50;
/** The largest page size a list request may ask for. */
export const MAX_PAGE_LIMIT = 200;

/** A keyset position: the sort timestamp and id of the last item of the previous page. */
export interface PagePosition {
  readonly at: Date;
  readonly id: string;
}

/** What a list call asks for: how many items, and after which position (none for the first page). */
export interface PageRequest {
  readonly limit: number;
  readonly cursor?: PagePosition;
}

/** One page of a list; `nextCursor` is the opaque cursor of the next page, null at the end. */
export interface Page<T> {
  readonly items: readonly T[];
  readonly nextCursor: string | null;
}

const isLimit = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= MAX_PAGE_LIMIT;

/** `?limit=`: an integer 1–200, from a number or a decimal query string. */
export const PageLimit = withJsonSchema(
  new t.Type<number, number, unknown>(
    'PageLimit',
    isLimit,
    (input, context) => {
      const n = typeof input === 'string' && /^\d{1,4}$/.test(input) ? Number(input) : input;
      return isLimit(n) ? t.success(n) : t.failure(input, context, `expected an integer from 1 to ${MAX_PAGE_LIMIT}`);
    },
    (n) => n,
  ),
  { type: 'integer', minimum: 1, maximum: MAX_PAGE_LIMIT, default: DEFAULT_PAGE_LIMIT },
);

// The cursor is `<ms in base 36>.<id>`: opaque to clients, readable without any runtime library.
const encodePosition = (position: PagePosition): string => `${position.at.getTime().toString(36)}.${position.id}`;

const decodePosition = (cursor: string): PagePosition | null => {
  const match = /^([0-9a-z]{1,12})\.([A-Za-z0-9-]{1,64})$/.exec(cursor);
  if (match === null) return null;
  const at = new Date(parseInt(match[1]!, 36));
  return Number.isNaN(at.getTime()) ? null : { at, id: match[2]! };
};

const isPosition = (u: unknown): u is PagePosition =>
  typeof u === 'object' && u !== null && (u as PagePosition).at instanceof Date && typeof (u as PagePosition).id === 'string';

/** `?cursor=`: the opaque string a previous page returned, decoded into its keyset position. */
export const PageCursor = withJsonSchema(
  new t.Type<PagePosition, string, unknown>(
    'PageCursor',
    isPosition,
    (input, context) =>
      pipe(
        t.string.validate(input, context),
        E.chain((s) => {
          const position = decodePosition(s);
          return position === null ? t.failure(input, context, 'expected a cursor returned by a previous page') : t.success(position);
        }),
      ),
    encodePosition,
  ),
  { type: 'string', description: 'the opaque `nextCursor` of the previous page' },
);

/** The opaque cursor for the page after an item (adapters build `nextCursor` with it). */
export const cursorAfter = (position: PagePosition): string => PageCursor.encode(position);

/** The pagination part of a list query: `?limit=&cursor=`, both optional. */
export const PageQuery = t.partial({ limit: PageLimit, cursor: PageCursor }, 'PageQuery');
/** A decoded pagination query. */
export type PageQuery = t.TypeOf<typeof PageQuery>;

/** A page request from a decoded query, with the default limit filled in. */
export const pageRequest = (query: PageQuery = {}): PageRequest => ({
  limit: query.limit ?? DEFAULT_PAGE_LIMIT,
  ...(query.cursor === undefined ? {} : { cursor: query.cursor }),
});
