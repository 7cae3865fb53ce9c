import { cursorAfter, isUuid, type Page, type PagePosition, type PageRequest } from '@idv/core';

/**
 * Whether a cursor can name a row of ours: every keyed id is a UUID, so any other id was not
 * issued by a previous page (a forged cursor), and comparing it with a uuid column would fail.
 */
export const isRowPosition = (position: PagePosition): boolean => isUuid(position.id);

/**
 * Builds a page from up to `limit + 1` rows fetched in keyset order: the extra row only says that
 * another page exists, and the cursor points after the last row kept.
 */
export const keysetPage = <T>(rows: readonly T[], page: PageRequest, position: (item: T) => PagePosition): Page<T> => {
  const items = rows.slice(0, page.limit);
  const last = items[items.length - 1];
  return { items, nextCursor: rows.length > page.limit && last !== undefined ? cursorAfter(position(last)) : null };
};

/** The page after a cursor that names no row of ours: empty. */
export const emptyPage = <T>(): Page<T> => ({ items: [], nextCursor: null });
