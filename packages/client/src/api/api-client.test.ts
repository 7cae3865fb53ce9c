import anyTest, { type TestFn } from 'ava';
import { createApiClient, type ApiClientConfig, type RawRequest } from './api-client.js';
import { SignedOutError } from './signed-out-error.js';

const T0 = 1_800_000_000_000;

/** An unsigned JWT-shaped token expiring at `expMs` (the client reads `exp`, the API verifies). */
const jwt = (name: string, expMs: number) =>
  `${Buffer.from('{"alg":"RS256"}').toString('base64url')}.${Buffer.from(JSON.stringify({ sub: name, exp: Math.floor(expMs / 1000) })).toString('base64url')}.sig`;

interface Sent {
  readonly url: string;
  readonly method: string;
  readonly token: string | null;
  readonly locale: string | null;
  readonly body: unknown;
}

/** A fake world: the provider's tokens, the API's answers, a clock, and every record the rules are checked on. */
const world = (
  options: { answer?: (sent: Sent) => number | Error; tokens?: Array<string | null>; refreshed?: Array<string | null | Error> } = {},
) => {
  const clock = { now: T0 };
  const sent: Sent[] = [];
  const tokenCalls: boolean[] = [];
  const signOuts: Array<{ lastToken: string | null }> = [];
  let locale = 'en';
  const valid = new Set<string>();
  const plain = options.tokens ?? [jwt('a', T0 + 60_000)];
  const forced = options.refreshed ?? [jwt('b', T0 + 60_000)];
  let gate: Promise<void> = Promise.resolve();
  const fetch = (async (url: string, init: RequestInit) => {
    const headers = new Headers(init.headers);
    const record: Sent = {
      url,
      method: init.method ?? 'GET',
      token: headers.get('authorization')?.replace(/^Bearer /, '') ?? null,
      locale: headers.get('x-locale'),
      body: init.body,
    };
    sent.push(record);
    await gate;
    const status = options.answer?.(record) ?? (record.token !== null && valid.has(record.token) ? 200 : 401);
    if (status instanceof Error) throw status;
    return new Response(null, { status });
  }) as typeof globalThis.fetch;
  const getToken: ApiClientConfig['getToken'] = async ({ forceRefresh }) => {
    tokenCalls.push(forceRefresh);
    const next = forceRefresh ? (forced.length > 1 ? forced.shift()! : forced[0]!) : plain.length > 1 ? plain.shift()! : plain[0]!;
    if (next instanceof Error) throw next;
    return next;
  };
  const config: ApiClientConfig = {
    baseUrl: 'https://api.test',
    getToken,
    onSignOut: async ({ lastToken, request }) => {
      signOuts.push({ lastToken });
      await request('/devices/push-token', { method: 'DELETE' });
    },
    locale: () => locale,
    fetch,
    now: () => clock.now,
  };
  return {
    clock,
    sent,
    tokenCalls,
    signOuts,
    valid,
    config,
    setLocale: (value: string) => (locale = value),
    hold: () => {
      let release!: () => void;
      gate = new Promise((resolve) => (release = resolve));
      return () => release();
    },
    forcedCalls: () => tokenCalls.filter(Boolean).length,
    plainCalls: () => tokenCalls.filter((force) => !force).length,
  };
};

const test = anyTest as TestFn<unknown>;

test('sends Authorization: Bearer <jwt> and X-Locale to baseUrl + path', async (t) => {
  const w = world();
  w.valid.add(jwt('a', T0 + 60_000));
  const response = await createApiClient(w.config).request('/users/me');
  t.is(response.status, 200);
  t.like(w.sent[0], { url: 'https://api.test/users/me', token: jwt('a', T0 + 60_000), locale: 'en' });
});

test('10-second cache: two requests 9.999 s apart use one getToken, at 10.001 s a second (not forced)', async (t) => {
  const w = world({ tokens: [jwt('a', T0 + 60_000), jwt('a2', T0 + 60_000)] });
  w.valid.add(jwt('a', T0 + 60_000)).add(jwt('a2', T0 + 60_000));
  const api = createApiClient(w.config);
  await api.request('/x');
  w.clock.now = T0 + 9_999;
  await api.request('/x');
  t.deepEqual(w.tokenCalls, [false]);
  w.clock.now = T0 + 10_001;
  await api.request('/x');
  t.deepEqual(w.tokenCalls, [false, false]);
  t.is(w.sent[2]?.token, jwt('a2', T0 + 60_000));
});

test('the cache never outlives exp minus the 5 s skew: a token 8 s from expiry is cached 3 s at most', async (t) => {
  const w = world({ tokens: [jwt('short', T0 + 8_000), jwt('next', T0 + 68_000)] });
  w.valid.add(jwt('short', T0 + 8_000)).add(jwt('next', T0 + 68_000));
  const api = createApiClient(w.config);
  await api.request('/x');
  w.clock.now = T0 + 2_999;
  await api.request('/x');
  t.is(w.plainCalls(), 1);
  w.clock.now = T0 + 3_000;
  await api.request('/x');
  t.is(w.plainCalls(), 2);
  t.deepEqual(
    w.sent.map((s) => s.token),
    [jwt('short', T0 + 8_000), jwt('short', T0 + 8_000), jwt('next', T0 + 68_000)],
  );
});

test('an already-expired token is never cached (each request asks again)', async (t) => {
  const w = world({ tokens: [jwt('old', T0 - 1_000)], answer: () => 200 });
  const api = createApiClient(w.config);
  await api.request('/x');
  await api.request('/x');
  t.is(w.plainCalls(), 2);
  t.is(await api.getToken(), jwt('old', T0 - 1_000));
  t.is(w.plainCalls(), 3);
});

test('three concurrent first requests share one getToken', async (t) => {
  const w = world({ answer: () => 200 });
  const api = createApiClient(w.config);
  await Promise.all([api.request('/a'), api.request('/b'), api.request('/c')]);
  t.is(w.tokenCalls.length, 1);
});

test('first 401: exactly one forced refresh and one retry with the new token, which succeeds', async (t) => {
  const w = world();
  w.valid.add(jwt('b', T0 + 60_000));
  const response = await createApiClient(w.config).request('/users/me');
  t.is(response.status, 200);
  t.deepEqual(w.tokenCalls, [false, true]);
  t.deepEqual(
    w.sent.map((s) => s.token),
    [jwt('a', T0 + 60_000), jwt('b', T0 + 60_000)],
  );
  t.is(w.signOuts.length, 0);
});

test('five concurrent 401s: one forced refresh, ten fetches, no sign-out', async (t) => {
  const w = world();
  w.valid.add(jwt('b', T0 + 60_000));
  const api = createApiClient(w.config);
  const release = w.hold();
  const pending = [1, 2, 3, 4, 5].map((n) => api.request(`/r${n}`));
  await new Promise((resolve) => setImmediate(resolve));
  release();
  const responses = await Promise.all(pending);
  t.deepEqual(
    responses.map((r) => r.status),
    [200, 200, 200, 200, 200],
  );
  t.is(w.forcedCalls(), 1);
  t.is(w.sent.length, 10);
  t.is(w.signOuts.length, 0);
});

test('a request that failed with the old token after another already refreshed retries with the current one, no second refresh', async (t) => {
  const w = world();
  w.valid.add(jwt('b', T0 + 60_000));
  let releaseSlow!: () => void;
  const slowGate = new Promise<void>((resolve) => (releaseSlow = resolve));
  const answer = w.config.fetch!;
  const config: ApiClientConfig = {
    ...w.config,
    fetch: (async (url: string, init: RequestInit) => {
      if (String(url).endsWith('/slow') && new Headers(init.headers).get('authorization') === `Bearer ${jwt('a', T0 + 60_000)}`)
        await slowGate;
      return answer(url, init);
    }) as typeof fetch,
  };
  const client = createApiClient(config);
  const slow = client.request('/slow');
  await new Promise((resolve) => setImmediate(resolve));
  t.is((await client.request('/fast')).status, 200);
  releaseSlow();
  t.is((await slow).status, 200);
  t.is(w.forcedCalls(), 1);
});

test('second 401: onSignOut exactly once even for two concurrent requests; both reject SignedOutError; later requests send nothing', async (t) => {
  const w = world({ answer: () => 401 });
  const api = createApiClient(w.config);
  const results = await Promise.allSettled([api.request('/a'), api.request('/b')]);
  t.true(results.every((r) => r.status === 'rejected' && r.reason instanceof SignedOutError));
  t.is(w.signOuts.length, 1);
  t.deepEqual(w.signOuts[0], { lastToken: jwt('b', T0 + 60_000) });
  const before = w.sent.length;
  await t.throwsAsync(api.request('/later'), { instanceOf: SignedOutError });
  await t.throwsAsync(api.getToken(), { instanceOf: SignedOutError });
  t.is(w.sent.length, before);
  // The revoke (raw, last token) answered 401 too, and started no second sign-out.
  t.is(w.sent.filter((s) => s.url.endsWith('/push-token')).length, 1);
  t.is(w.forcedCalls(), 1);
});

test('a request in flight when another signs out rejects with SignedOutError even if it got 200', async (t) => {
  let releaseSlow!: () => void;
  const slowGate = new Promise<void>((resolve) => (releaseSlow = resolve));
  const w = world({ answer: (sent) => (sent.url.endsWith('/slow') ? 200 : 401) });
  const inner = w.config.fetch!;
  const api = createApiClient({
    ...w.config,
    fetch: (async (url: string, init: RequestInit) => {
      const response = await inner(url, init);
      if (String(url).endsWith('/slow')) await slowGate;
      return response;
    }) as typeof fetch,
  });
  const slow = api.request('/slow');
  await t.throwsAsync(api.request('/dead'), { instanceOf: SignedOutError });
  releaseSlow();
  await t.throwsAsync(slow, { instanceOf: SignedOutError });
  t.is(w.signOuts.length, 1);
});

test('getToken answering null signs out once, before or after the forced refresh', async (t) => {
  const before = world({ tokens: [null] });
  const api = createApiClient(before.config);
  await t.throwsAsync(Promise.all([api.request('/a'), api.request('/b')]), { instanceOf: SignedOutError });
  t.is(before.signOuts.length, 1);
  t.is(before.sent.filter((s) => !s.url.endsWith('/push-token')).length, 0);

  const after = world({ refreshed: [null] });
  await t.throwsAsync(createApiClient(after.config).request('/a'), { instanceOf: SignedOutError });
  t.is(after.signOuts.length, 1);
  t.is(after.sent.filter((s) => !s.url.endsWith('/push-token')).length, 1);
});

test('X-Locale is on the first try, the retry and the raw revoke, and follows locale() per request', async (t) => {
  const w = world();
  const api = createApiClient(w.config);
  w.valid.add(jwt('b', T0 + 60_000));
  await api.request('/a');
  w.setLocale('he');
  w.valid.clear();
  await t.throwsAsync(api.request('/b'), { instanceOf: SignedOutError });
  t.deepEqual(
    w.sent.map((s) => `${new URL(s.url).pathname} ${s.locale}`),
    ['/a en', '/a en', '/b he', '/b he', '/devices/push-token he'],
  );
});

test('a POST with a string body is retried with the same method and body', async (t) => {
  const w = world();
  w.valid.add(jwt('b', T0 + 60_000));
  const body = JSON.stringify({ name: 'Gym' });
  t.is((await createApiClient(w.config).request('/organizations', { method: 'POST', body })).status, 200);
  t.deepEqual(
    w.sent.map((s) => [s.method, s.body]),
    [
      ['POST', body],
      ['POST', body],
    ],
  );
});

test('a stream body gets the forced refresh but no retry: the caller gets the 401, and nobody is signed out', async (t) => {
  const w = world();
  w.valid.add(jwt('b', T0 + 60_000));
  const api = createApiClient(w.config);
  const body = new ReadableStream({ start: (c) => c.close() });
  const response = await api.request('/upload', { method: 'POST', body, duplex: 'half' } as RequestInit);
  t.is(response.status, 401);
  t.is(w.forcedCalls(), 1);
  t.is(w.sent.length, 1);
  t.is(w.signOuts.length, 0);
  t.is((await api.request('/next')).status, 200);
  t.is(w.sent.at(-1)?.token, jwt('b', T0 + 60_000));
});

test('authRetry: false returns a 401 as is: no refresh, no sign-out', async (t) => {
  const w = world();
  const response = await createApiClient(w.config).request('/a', { authRetry: false });
  t.is(response.status, 401);
  t.deepEqual(w.tokenCalls, [false]);
  t.is(w.signOuts.length, 0);
});

const passesThrough = anyTest.macro({
  exec: async (t, outcome: number | Error) => {
    const w = world({ answer: () => outcome });
    const api = createApiClient(w.config);
    if (outcome instanceof Error) await t.throwsAsync(api.request('/a'), { is: outcome });
    else t.is((await api.request('/a')).status, outcome);
    t.deepEqual(w.tokenCalls, [false]);
    t.is(w.signOuts.length, 0);
    t.is(w.sent.length, 1);
  },
  title: (_, outcome) => `${outcome instanceof Error ? 'a network error' : outcome} passes through: no refresh, no sign-out`,
});
test(passesThrough, 403);
test(passesThrough, 500);
test(passesThrough, 503);
test(passesThrough, new TypeError('fetch failed'));

test('the forced refresh failing (provider offline) rejects the request with that error and does not sign out', async (t) => {
  const offline = new Error('clerk_offline');
  const w = world({ refreshed: [offline] });
  await t.throwsAsync(createApiClient(w.config).request('/a'), { is: offline });
  t.is(w.signOuts.length, 0);
});

test('invalidate() makes the next request ask for a token inside the 10 s window', async (t) => {
  const w = world({ answer: () => 200 });
  const api = createApiClient(w.config);
  await api.request('/a');
  api.invalidate();
  await api.request('/b');
  t.deepEqual(w.tokenCalls, [false, false]);
});

test('signOut() by the user and a concurrent second 401 run the sign-out once', async (t) => {
  const w = world();
  let calls = 0;
  let release!: () => void;
  const slow = new Promise<void>((resolve) => (release = resolve));
  const api = createApiClient({
    ...w.config,
    onSignOut: async () => {
      calls += 1;
      await slow;
    },
  });
  const user = api.signOut();
  const request = api.request('/a');
  t.is(api.signOut(), user);
  release();
  await user;
  await t.throwsAsync(request, { instanceOf: SignedOutError });
  t.is(calls, 1);
});

test('paths only: a full URL is refused, so the token never leaves the API origin', async (t) => {
  const w = world({ answer: () => 200 });
  await t.throwsAsync(createApiClient(w.config).request('https://evil.example/x'), { instanceOf: TypeError });
  t.is(w.sent.length, 0);
});

test('the raw request given to onSignOut carries the last token and never retries', async (t) => {
  const w = world();
  let raw: RawRequest | undefined;
  const api = createApiClient({
    ...w.config,
    onSignOut: async ({ request }) => {
      raw = request;
    },
  });
  await t.throwsAsync(api.request('/a'), { instanceOf: SignedOutError });
  const sentBefore = w.sent.length;
  t.is((await raw!('/devices/x', { method: 'DELETE' })).status, 401);
  t.is(w.sent.length, sentBefore + 1);
  t.is(w.sent.at(-1)?.token, jwt('b', T0 + 60_000));
});

test('a refresh answering null still lets the sign-out revoke with the last token the client had', async (t) => {
  const w = world({ refreshed: [null] });
  await t.throwsAsync(createApiClient(w.config).request('/a'), { instanceOf: SignedOutError });
  t.deepEqual(w.signOuts, [{ lastToken: jwt('a', T0 + 60_000) }]);
  t.is(w.sent.at(-1)?.token, jwt('a', T0 + 60_000));
});
