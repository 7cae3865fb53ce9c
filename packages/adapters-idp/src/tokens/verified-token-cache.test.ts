import test from 'ava';
import { createVerifiedTokenCache, type VerifiedTokenCache } from './verified-token-cache.js';

const session = (n: number) => ({ subject: `user_${n}`, sessionId: `sess_${n}` });

// As the verifier does: look the token up, and offer it by the key the lookup gave.
const offer = (cache: VerifiedTokenCache, token: string, n: number, expiresAtMs: number, nowMs: number) =>
  cache.set(cache.get(token, nowMs).key, session(n), expiresAtMs, nowMs);

// A token a client reuses: verified twice, which is when the cache stores it.
const remember = (cache: VerifiedTokenCache, token: string, n: number, expiresAtMs: number, nowMs: number) => {
  offer(cache, token, n, expiresAtMs, nowMs);
  offer(cache, token, n, expiresAtMs, nowMs);
};

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

test('evictions keep to insertion order across many of them, stepping over entries that expired meanwhile', (t) => {
  const cache = createVerifiedTokenCache(3);
  remember(cache, 'token-0', 0, 10, 0);
  remember(cache, 'token-1', 1, 60_000, 0);
  remember(cache, 'token-2', 2, 60_000, 0);
  t.is(cache.get('token-0', 10).session, undefined, 'token-0 expired and left');
  for (let n = 3; n < 6; n += 1) remember(cache, `token-${n}`, n, 60_000, 10);
  t.is(cache.size, 3);
  for (const gone of [1, 2]) t.is(cache.get(`token-${gone}`, 11).session, undefined, `token-${gone} evicted`);
  for (const kept of [3, 4, 5]) t.deepEqual(cache.get(`token-${kept}`, 11).session, session(kept));
  for (let n = 6; n < 1_000; n += 1) remember(cache, `token-${n}`, n, 60_000, 10);
  t.deepEqual(
    [997, 998, 999].map((n) => cache.get(`token-${n}`, 11).session),
    [997, 998, 999].map(session),
  );
  t.is(cache.get('token-996', 11).session, undefined);
});

test('an already expired token is not cached, and a size of 0 caches nothing', (t) => {
  const cache = createVerifiedTokenCache(3);
  remember(cache, 'token-a', 1, 1_000, 1_000);
  t.is(cache.size, 0);
  const off = createVerifiedTokenCache(0);
  remember(off, 'token-a', 1, 60_000, 0);
  t.is(off.get('token-a', 1).session, undefined);
});

test('a token verified once is not stored; its second verification stores it', (t) => {
  const cache = createVerifiedTokenCache(10);
  offer(cache, 'token-a', 1, 60_000, 0);
  t.is(cache.size, 0);
  t.is(cache.get('token-a', 1).session, undefined);
  offer(cache, 'token-a', 1, 60_000, 1);
  t.is(cache.size, 1);
  t.deepEqual(cache.get('token-a', 2).session, session(1));
});

test('tokens used once never evict the tokens clients reuse', (t) => {
  const cache = createVerifiedTokenCache(3);
  for (const n of [0, 1, 2]) remember(cache, `reused-${n}`, n, 60_000, 0);
  for (let n = 0; n < 10_000; n += 1) offer(cache, `once-${n}`, n, 60_000, 0);
  t.is(cache.size, 3);
  for (const n of [0, 1, 2]) t.deepEqual(cache.get(`reused-${n}`, 1).session, session(n));
});

test('a token first seen long ago, its note since overwritten, is stored on a later use', (t) => {
  const cache = createVerifiedTokenCache(1);
  offer(cache, 'token-a', 1, 60_000, 0);
  // Far more tokens than the notes hold (1,024 slots here): token-a's note is gone.
  for (let n = 0; n < 20_000; n += 1) offer(cache, `once-${n}`, n, 60_000, 0);
  offer(cache, 'token-a', 1, 60_000, 0);
  offer(cache, 'token-a', 1, 60_000, 0);
  t.deepEqual(cache.get('token-a', 1).session, session(1));
});
