import test from 'ava';
import { createServerFetch } from './server-fetch.js';

const recorder = (statuses: Array<number | Error>) => {
  const calls: Array<{ url: string; headers: Headers }> = [];
  const fetch = (async (url: string, init: RequestInit) => {
    calls.push({ url, headers: new Headers(init.headers) });
    const next = statuses.shift() ?? 200;
    if (next instanceof Error) throw next;
    return new Response('{}', { status: next });
  }) as typeof globalThis.fetch;
  return { calls, fetch };
};

const setup = (statuses: Array<number | Error>) => {
  const { calls, fetch } = recorder(statuses);
  const unauthorized: Array<{ returnTo: string | undefined }> = [];
  const api = createServerFetch({
    baseUrl: 'https://api.test/',
    getToken: async () => 'tok',
    locale: () => 'he',
    currentPath: () => '/he/shop?x=1',
    onUnauthorized: (context) => void unauthorized.push(context),
    fetch,
  });
  return { api, calls, unauthorized };
};

test('sends the bearer token and X-Locale, once', async (t) => {
  const { api, calls } = setup([200]);
  t.is((await api('/users/me')).status, 200);
  t.is(calls.length, 1);
  t.is(calls[0]?.url, 'https://api.test/users/me');
  t.is(calls[0]?.headers.get('authorization'), 'Bearer tok');
  t.is(calls[0]?.headers.get('x-locale'), 'he');
});

test('a 401 calls onUnauthorized exactly once with the current relative path, and never retries', async (t) => {
  const { api, calls, unauthorized } = setup([401, 401]);
  t.is((await api('/users/me')).status, 401);
  t.is((await api('/organizations')).status, 401);
  t.deepEqual(unauthorized, [{ returnTo: '/he/shop?x=1' }]);
  t.is(calls.length, 2);
});

test('a redirect thrown by onUnauthorized (Next) propagates to the caller', async (t) => {
  const { fetch } = recorder([401]);
  const api = createServerFetch({
    baseUrl: 'https://api.test',
    getToken: async () => 'tok',
    fetch,
    onUnauthorized: () => {
      throw new Error('NEXT_REDIRECT');
    },
  });
  await t.throwsAsync(api('/users/me'), { message: 'NEXT_REDIRECT' });
});

test('403, 500 and network errors pass through without the auth-reset redirect', async (t) => {
  const { api, unauthorized } = setup([403, 500, new TypeError('fetch failed')]);
  t.is((await api('/a')).status, 403);
  t.is((await api('/b')).status, 500);
  await t.throwsAsync(api('/c'), { message: 'fetch failed' });
  t.deepEqual(unauthorized, []);
});

test('no token: the request goes without Authorization and the API decides', async (t) => {
  const { fetch, calls } = recorder([200]);
  await createServerFetch({ baseUrl: 'https://api.test', getToken: async () => null, onUnauthorized: () => undefined, fetch })('/health');
  t.is(calls[0]?.headers.get('authorization'), null);
});

test('only paths are accepted, so the token never goes to another origin', async (t) => {
  const { api, calls } = setup([]);
  for (const path of ['https://evil.example/x', '//evil.example/x', 'x']) await t.throwsAsync(api(path), { instanceOf: TypeError });
  t.is(calls.length, 0);
});
