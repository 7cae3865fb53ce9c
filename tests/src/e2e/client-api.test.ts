import anyTest, { type TestFn } from 'ava';
import { createApiClient, createSignOutSequence, SignedOutError, type ApiClientConfig } from '@idv/client';
import { adminFetch } from '@idv/idp-emulator/testing';
import { loadE2eState } from './environment/e2e-state.js';
import { startProcessPair, type ProcessPair } from './environment/process-pair.js';

// @idv/client's API client against the real service (its own process) with the emulator
// as the provider. This file moves the emulator's clock, so it runs its own pair and its tests one at a time.
const test = anyTest as TestFn<{ pair: ProcessPair; userId: string }>;

test.before(async (t) => {
  loadE2eState(); // e2e specs run only inside the e2e run (npm test), never on their own
  const pair = await startProcessPair({ timeScale: 0.001 });
  const user = await pair.provider.createUser('client-api@example.com');
  await pair.provider.waitSettled();
  t.context = { pair, userId: user.id };
});
test.after.always(async (t) => {
  await t.context.pair?.close();
});

const control = (pair: ProcessPair, method: string, path: string, body?: unknown) => adminFetch(pair.emulator, method, path, body);

/** A session token that is already expired for the service: minted with the emulator's clock ten minutes behind (no sleeping). */
const expiredToken = async (pair: ProcessPair, sessionId: string): Promise<string> => {
  await control(pair, 'POST', '/_emulator/clock', { advanceMs: -600_000 });
  try {
    return await pair.provider.mintToken(sessionId);
  } finally {
    await control(pair, 'POST', '/_emulator/clock', { advanceMs: 600_000 });
  }
};

/** What went over the wire from the client to the service. */
interface Wire {
  readonly path: string;
  readonly method: string;
  readonly token: string | null;
  readonly locale: string | null;
  readonly status: number;
}

const recordingFetch = (wire: Wire[]): typeof fetch =>
  (async (input: string | URL | Request, init?: RequestInit) => {
    const response = await fetch(input, init);
    const headers = new Headers(init?.headers);
    wire.push({
      path: new URL(String(input)).pathname,
      method: init?.method ?? 'GET',
      token: headers.get('authorization')?.replace(/^Bearer /, '') ?? null,
      locale: headers.get('x-locale'),
      status: response.status,
    });
    return response;
  }) as typeof fetch;

const INSTALLATION = 'e2e-client-phone';
const DEVICE_PATH = `/users/me/devices/${INSTALLATION}`;

const clientFor = (pair: ProcessPair, getToken: ApiClientConfig['getToken'], wire: Wire[], steps: string[]) =>
  createApiClient({
    baseUrl: pair.service().url,
    locale: () => 'he',
    fetch: recordingFetch(wire),
    getToken,
    onSignOut: createSignOutSequence({
      // The default revoke, DELETE /users/me/devices/:installationId with the last token.
      installationId: INSTALLATION,
      clearLocalSession: async () => void steps.push('clearLocalSession'),
      idpSignOut: async () => void steps.push('idpSignOut'),
      navigateToSignIn: () => void steps.push('navigateToSignIn'),
      report: (step, error) => void steps.push(`reported ${step}: ${(error as Error).message}`),
    }),
  });

test.serial('an expired token: the service answers 401, the client refreshes once and the retry succeeds, X-Locale on both', async (t) => {
  const { pair, userId } = t.context;
  const session = await pair.provider.openSession(userId);
  const stale = await expiredToken(pair, session.id);
  const asked: boolean[] = [];
  const wire: Wire[] = [];
  const steps: string[] = [];
  const api = clientFor(
    pair,
    async ({ forceRefresh }) => {
      asked.push(forceRefresh);
      return forceRefresh ? pair.provider.mintToken(session.id) : stale;
    },
    wire,
    steps,
  );

  const responses = await Promise.all([api.request('/users/me'), api.request('/users/me'), api.request('/users/me/invitations')]);
  t.deepEqual(
    responses.map((r) => r.status),
    [200, 200, 200],
  );
  t.like(await responses[0]!.json(), { user: { idpId: userId } });
  t.is(asked.filter(Boolean).length, 1, 'one forced refresh for three concurrent 401s');
  t.deepEqual(
    wire.filter((w) => w.token === stale).map((w) => w.status),
    [401, 401, 401],
  );
  t.deepEqual(
    wire.filter((w) => w.token !== stale).map((w) => w.status),
    [200, 200, 200],
  );
  t.true(wire.every((w) => w.locale === 'he'));
  t.deepEqual(steps, []);
});

test.serial(
  'a session revoked at the provider: the refresh yields no token and the client signs out exactly once, after the push-token revoke',
  async (t) => {
    const { pair, userId } = t.context;
    const session = await pair.provider.openSession(userId);
    const stale = await expiredToken(pair, session.id);
    t.is((await control(pair, 'POST', `/v1/sessions/${session.id}/revoke`)).status, 200);
    const wire: Wire[] = [];
    const steps: string[] = [];
    const api = clientFor(
      pair,
      async ({ forceRefresh }) => {
        if (!forceRefresh) return stale;
        // As the provider's SDK does: a revoked session has no token.
        const minted = await control(pair, 'POST', `/v1/sessions/${session.id}/tokens`);
        return minted.status === 200 ? (minted.body.jwt as string) : null;
      },
      wire,
      steps,
    );

    const results = await Promise.allSettled([
      api.request('/users/me'),
      api.request('/organizations', {
        method: 'POST',
        body: JSON.stringify({ name: 'Gym' }),
        headers: { 'content-type': 'application/json' },
      }),
    ]);
    t.true(results.every((r) => r.status === 'rejected' && r.reason instanceof SignedOutError));
    // The revoke goes out with the last (dead) token: the service refuses it, and the sign-out goes on.
    t.deepEqual(steps, ['reported revokePushToken: device revoke answered 401', 'clearLocalSession', 'idpSignOut', 'navigateToSignIn']);
    const revoke = wire.find((w) => w.path === DEVICE_PATH);
    t.like(revoke, { method: 'DELETE', token: stale, locale: 'he', status: 401 });
    await t.throwsAsync(api.request('/users/me'), { instanceOf: SignedOutError });
    t.is(wire.length, 3, 'two 401s and the revoke; nothing after the sign-out');
  },
);

test.serial('a refresh that still gets 401 (second 401): sign-out exactly once for concurrent requests, revoke first', async (t) => {
  const { pair, userId } = t.context;
  const session = await pair.provider.openSession(userId);
  const wire: Wire[] = [];
  const steps: string[] = [];
  // The provider keeps handing out tokens the service rejects (e.g. a skewed device clock).
  const api = clientFor(pair, async () => expiredToken(pair, session.id), wire, steps);

  const results = await Promise.allSettled([api.request('/users/me'), api.request('/users/me')]);
  t.true(results.every((r) => r.status === 'rejected' && r.reason instanceof SignedOutError));
  t.deepEqual(steps, ['reported revokePushToken: device revoke answered 401', 'clearLocalSession', 'idpSignOut', 'navigateToSignIn']);
  t.true(wire.filter((w) => w.path === '/users/me').every((w) => w.status === 401));
});

test.serial(
  'a user who signs out revokes the device first: DELETE /users/me/devices/:installationId answers 204 and the device is gone',
  async (t) => {
    const { pair, userId } = t.context;
    const session = await pair.provider.openSession(userId);
    const wire: Wire[] = [];
    const steps: string[] = [];
    const api = clientFor(pair, async () => pair.provider.mintToken(session.id), wire, steps);
    const registered = await api.request(DEVICE_PATH, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pushToken: 'ExponentPushToken[e2e-client-0000001]', platform: 'ios' }),
    });
    t.true([200, 201].includes(registered.status));
    await api.signOut();
    t.deepEqual(steps, ['clearLocalSession', 'idpSignOut', 'navigateToSignIn']);
    t.like(
      wire.find((w) => w.path === DEVICE_PATH && w.method === 'DELETE'),
      { status: 204, locale: 'he' },
    );
    const after = await fetch(`${pair.service().url}/users/me/devices`, {
      headers: { authorization: `Bearer ${await pair.provider.mintToken(session.id)}` },
    });
    t.deepEqual(await after.json(), { items: [] });
  },
);
