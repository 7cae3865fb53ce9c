import test from 'ava';
import { createSecureTokenCache, storedKey, type SecureKV } from './secure-token-cache.js';

const JWT = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ1In0.c2ln';

/** An in-memory secure store that can be made to fail. */
const store = (initial: Record<string, string> = {}) => {
  const data = new Map(Object.entries(initial));
  const deletes: string[] = [];
  const state = { failReads: false, failDeletes: false, failWrites: false };
  const kv: SecureKV = {
    getItemAsync: async (key) => {
      if (state.failReads) throw new Error('Could not encrypt/decrypt the value for SecureStore');
      return data.get(key) ?? null;
    },
    setItemAsync: async (key, value) => {
      if (state.failWrites) throw new Error('write failed');
      data.set(key, value);
    },
    deleteItemAsync: async (key) => {
      deletes.push(key);
      if (state.failDeletes) throw new Error('delete failed');
      data.delete(key);
    },
  };
  return { kv, data, deletes, state };
};

test('a read error deletes the entry once, answers null and reports read-error', async (t) => {
  const { kv, deletes, state } = store({ __client: JWT });
  state.failReads = true;
  const reports: unknown[][] = [];
  const cache = createSecureTokenCache(kv, { onCorrupt: (...args) => void reports.push(args) });
  t.is(await cache.getToken('__client'), null);
  t.deepEqual(deletes, ['__client']);
  t.deepEqual(reports, [['__client', 'read-error']]);
});

test('a read error whose delete also fails still answers null (getToken never throws)', async (t) => {
  const { kv, state } = store();
  state.failReads = true;
  state.failDeletes = true;
  const cache = createSecureTokenCache(kv, {
    onCorrupt: () => {
      throw new Error('reporter down');
    },
  });
  t.is(await cache.getToken('__client'), null);
});

test('a value that is not a token is deleted and reported invalid; a valid one is returned unchanged', async (t) => {
  const { kv, data } = store({ bad: 'garbage', good: JWT, huge: `${JWT}${'a'.repeat(9000)}` });
  const reports: unknown[][] = [];
  const cache = createSecureTokenCache(kv, { onCorrupt: (...args) => void reports.push(args) });
  t.is(await cache.getToken('bad'), null);
  t.is(await cache.getToken('huge'), null);
  t.is(await cache.getToken('good'), JWT);
  t.deepEqual(reports, [
    ['bad', 'invalid'],
    ['huge', 'invalid'],
  ]);
  t.false(data.has('bad'));
});

test('the corruption report never carries the token value', async (t) => {
  const secret = `${JWT}x!`;
  const { kv } = store({ k: secret });
  const seen: string[] = [];
  await createSecureTokenCache(kv, { onCorrupt: (...args) => void seen.push(JSON.stringify(args)) }).getToken('k');
  t.is(seen.length, 1);
  t.false(seen.some((line) => line.includes(secret) || line.includes(JWT)));
});

test('a missing entry is simply null, with no delete and no report', async (t) => {
  const { kv, deletes } = store();
  let reported = 0;
  t.is(await createSecureTokenCache(kv, { onCorrupt: () => void (reported += 1) }).getToken('none'), null);
  t.deepEqual(deletes, []);
  t.is(reported, 0);
});

test('saveToken writes under the namespaced key and propagates write errors', async (t) => {
  const { kv, data, state } = store();
  const cache = createSecureTokenCache(kv, { namespace: 'app1' });
  await cache.saveToken('__client', JWT);
  t.is(data.get('app1.__client'), JWT);
  state.failWrites = true;
  await t.throwsAsync(cache.saveToken('__client', JWT), { message: 'write failed' });
});

test('namespaces keep the same logical key apart, and stored keys use only [A-Za-z0-9._-]', (t) => {
  t.not(storedKey('__client', 'a'), storedKey('__client', 'b'));
  t.not(storedKey('b.c', 'a'), storedKey('c', 'a.b'));
  t.not(storedKey('a-b'), storedKey('a/b'));
  for (const key of [storedKey('__clerk_client_jwt'), storedKey('k:/é', 'pk_test_abc+/='), storedKey('a b', 'x.y')])
    t.regex(key, /^[A-Za-z0-9._-]+$/);
});

test('re-issue: after a corrupt read, the next save and read round-trip the new value', async (t) => {
  const { kv, state } = store({ __client: 'garbage' });
  const cache = createSecureTokenCache(kv);
  t.is(await cache.getToken('__client'), null);
  state.failReads = false;
  await cache.saveToken('__client', JWT);
  t.is(await cache.getToken('__client'), JWT);
  await cache.clearToken('__client');
  t.is(await cache.getToken('__client'), null);
});
