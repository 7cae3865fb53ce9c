import test from 'ava';
import { createVerifiedTokenCache, type VerifiedTokenCache } from './verified-token-cache.js';

const session = (n: number) => ({ subject: `user_${n}`, sessionId: `sess_${n}` });

// As the verifier does: look the token up, and remember it by the key the lookup gave.
const remember = (cache: VerifiedTokenCache, token: string, n: number, expiresAtMs: number, nowMs: number) =>
  cache.set(cache.get(token, nowMs).key, session(n), expiresAtMs, nowMs);

test('a cached token is served until its exp and never after', (t) => {
  const cache = createVerifiedTokenCache(10);
  remember(cache, 'token-a', 1, 60_000, 0);
  t.deepEqual(cache.get('token-a', 59_999).session, session(1));
  t.is(cache.get('token-a', 60_000).session, undefined);
  t.is(cache.size, 0);
});

test('tokens never share an entry, and an unknown token misses', (t) => {
  const cache = createVerifiedTokenCache(10);
  remember(cache, 'token-a', 1, 60_000, 0);
  remember(cache, 'token-b', 2, 60_000, 0);
  t.deepEqual(cache.get('token-b', 1).session, session(2));
  t.is(cache.get('token-c', 1).session, undefined);
});

test('the cache is keyed by a digest: no key is the token itself', (t) => {
  const cache = createVerifiedTokenCache(10);
  const { key } = cache.get('header.payload.signature', 0);
  t.not(key, 'header.payload.signature');
  t.false(key.includes('payload'));
  t.is(cache.get('header.payload.signature', 0).key, key);
});

test('the cache stays bounded: when full the oldest entry goes first', (t) => {
  const cache = createVerifiedTokenCache(3);
  for (let n = 0; n < 5; n += 1) remember(cache, `token-${n}`, n, 60_000, 0);
  t.is(cache.size, 3);
  t.is(cache.get('token-0', 1).session, undefined);
  t.is(cache.get('token-1', 1).session, undefined);
  t.deepEqual(cache.get('token-4', 1).session, session(4));
});

test('an already expired token is not cached, and a size of 0 caches nothing', (t) => {
  const cache = createVerifiedTokenCache(3);
  remember(cache, 'token-a', 1, 1_000, 1_000);
  t.is(cache.size, 0);
  const off = createVerifiedTokenCache(0);
  remember(off, 'token-a', 1, 60_000, 0);
  t.is(off.get('token-a', 1).session, undefined);
});
