import test from 'ava';
import { createVerifiedTokenCache } from './verified-token-cache.js';

const session = (n: number) => ({ subject: `user_${n}`, sessionId: `sess_${n}` });

test('a cached token is served until its exp and never after', (t) => {
  const cache = createVerifiedTokenCache(10);
  cache.set('token-a', session(1), 60_000, 0);
  t.deepEqual(cache.get('token-a', 59_999), session(1));
  t.is(cache.get('token-a', 60_000), undefined);
  t.is(cache.size, 0);
});

test('tokens never share an entry, and an unknown token misses', (t) => {
  const cache = createVerifiedTokenCache(10);
  cache.set('token-a', session(1), 60_000, 0);
  cache.set('token-b', session(2), 60_000, 0);
  t.deepEqual(cache.get('token-b', 1), session(2));
  t.is(cache.get('token-c', 1), undefined);
});

test('the cache stays bounded: when full the oldest entry goes first', (t) => {
  const cache = createVerifiedTokenCache(3);
  for (let n = 0; n < 5; n += 1) cache.set(`token-${n}`, session(n), 60_000, 0);
  t.is(cache.size, 3);
  t.is(cache.get('token-0', 1), undefined);
  t.is(cache.get('token-1', 1), undefined);
  t.deepEqual(cache.get('token-4', 1), session(4));
});

test('an already expired token is not cached, and a size of 0 caches nothing', (t) => {
  const cache = createVerifiedTokenCache(3);
  cache.set('token-a', session(1), 1_000, 1_000);
  t.is(cache.size, 0);
  const off = createVerifiedTokenCache(0);
  off.set('token-a', session(1), 60_000, 0);
  t.is(off.get('token-a', 1), undefined);
});
