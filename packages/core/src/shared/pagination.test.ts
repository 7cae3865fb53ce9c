import test from 'ava';
import * as E from 'fp-ts/lib/Either.js';
import { cursorAfter, DEFAULT_PAGE_LIMIT, PageCursor, PageLimit, PageQuery, pageRequest } from './pagination.js';

test('a limit defaults to 50 and accepts 1 to 200, from a query string too', (t) => {
  t.is(pageRequest().limit, DEFAULT_PAGE_LIMIT);
  t.deepEqual(PageLimit.decode('200'), E.right(200));
  t.deepEqual(PageLimit.decode(1), E.right(1));
  for (const bad of ['0', '201', '-1', '1.5', 'ten', 0, 201]) t.true(E.isLeft(PageLimit.decode(bad)), String(bad));
});

test('a cursor round-trips to its keyset position; anything else is refused', (t) => {
  const position = { at: new Date('2026-01-02T03:04:05.678Z'), id: '00000000-0000-4000-8000-000000000001' };
  t.deepEqual(PageCursor.decode(cursorAfter(position)), E.right(position));
  for (const bad of ['', 'nope', 'zz.', '.abc', 42]) t.true(E.isLeft(PageCursor.decode(bad)), String(bad));
});

test('a decoded query becomes a page request', (t) => {
  const query = PageQuery.decode({ limit: '10' });
  t.true(E.isRight(query));
  if (E.isRight(query)) t.deepEqual(pageRequest(query.right), { limit: 10 });
});
