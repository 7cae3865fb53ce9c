import { cursorAfter, type Page, type PageRequest } from '../shared/pagination.js';

/** How a fake orders a list: by a timestamp then id, oldest or newest first. */
export interface KeysetOrder<T> {
  /** The item's timestamp (the first sort key). */
  readonly at: (item: T) => Date;
  /** The item's id (the tie-breaker). */
  readonly id: (item: T) => string;
  readonly direction: 'asc' | 'desc';
}

const compare = <T>(order: KeysetOrder<T>, a: { at: Date; id: string }, b: { at: Date; id: string }): number => {
  const byTime = a.at.getTime() - b.at.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  return order.direction === 'asc' ? byTime : -byTime;
};

/** Keyset pagination over an in-memory list, the way the SQL adapters page (`(at, id)` after the cursor). */
export const paginate = <T>(items: readonly T[], page: PageRequest, order: KeysetOrder<T>): Page<T> => {
  const key = (item: T) => ({ at: order.at(item), id: order.id(item) });
  const sorted = [...items].sort((a, b) => compare(order, key(a), key(b)));
  const cursor = page.cursor;
  const after = cursor === undefined ? sorted : sorted.filter((item) => compare(order, key(item), cursor) > 0);
  const slice = after.slice(0, page.limit);
  const last = slice[slice.length - 1];
  return { items: slice, nextCursor: after.length > page.limit && last !== undefined ? cursorAfter(key(last)) : null };
};
