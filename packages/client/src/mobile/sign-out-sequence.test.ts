import test from 'ava';
import type { RawRequest } from '../api/api-client.js';
import { createSignOutSequence, type SignOutSteps } from './sign-out-sequence.js';

const recording = (overrides: Partial<Omit<SignOutSteps, 'installationId'>> = {}) => {
  const order: string[] = [];
  const reported: Array<[string, unknown]> = [];
  const onSignOut = createSignOutSequence({
    revokePushToken: async (_request: RawRequest) => void order.push('revokePushToken'),
    clearLocalSession: async () => void order.push('clearLocalSession'),
    idpSignOut: async () => void order.push('idpSignOut'),
    navigateToSignIn: () => void order.push('navigateToSignIn'),
    report: (step, error) => void reported.push([step, error]),
    ...overrides,
  } as SignOutSteps);
  return { order, reported, onSignOut };
};

const raw: RawRequest = async () => new Response(null, { status: 204 });

test('the steps run in order: revoke the push token, clear the session, provider sign-out, navigate', async (t) => {
  const { order, onSignOut } = recording();
  await onSignOut({ lastToken: 't', request: raw });
  t.deepEqual(order, ['revokePushToken', 'clearLocalSession', 'idpSignOut', 'navigateToSignIn']);
});

test('the revoke gets the raw request (last token, no retry)', async (t) => {
  const seen: RawRequest[] = [];
  const { onSignOut } = recording({ revokePushToken: async (request) => void seen.push(request) });
  await onSignOut({ lastToken: 't', request: raw });
  t.deepEqual(seen, [raw]);
});

test('a throwing revoke is reported once and the other steps still run', async (t) => {
  const failure = new Error('401');
  const { order, reported, onSignOut } = recording({
    revokePushToken: async () => {
      throw failure;
    },
  });
  await onSignOut({ lastToken: 't', request: raw });
  t.deepEqual(order, ['clearLocalSession', 'idpSignOut', 'navigateToSignIn']);
  t.deepEqual(reported, [['revokePushToken', failure]]);
});

test('a hung revoke is cut at revokeTimeoutMs, reported once, and the sign-out completes', async (t) => {
  const { order, reported, onSignOut } = recording({ revokePushToken: () => new Promise<void>(() => undefined), revokeTimeoutMs: 5 });
  await onSignOut({ lastToken: 't', request: raw });
  t.deepEqual(order, ['clearLocalSession', 'idpSignOut', 'navigateToSignIn']);
  t.is(reported.length, 1);
  t.regex(String(reported[0]?.[1]), /within 5 ms/);
});

test('re-entry while running returns the same promise and runs each step once', async (t) => {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const { order, onSignOut } = recording({
    revokePushToken: async () => {
      order.push('revokePushToken');
      await gate;
    },
  });
  const first = onSignOut({ lastToken: 't', request: raw });
  const second = onSignOut({ lastToken: 't', request: raw });
  t.is(first, second);
  release();
  await first;
  t.deepEqual(order, ['revokePushToken', 'clearLocalSession', 'idpSignOut', 'navigateToSignIn']);
});

test('a later, separate sign-out (next session) runs again', async (t) => {
  const { order, onSignOut } = recording();
  await onSignOut({ lastToken: 't', request: raw });
  await onSignOut({ lastToken: 'u', request: raw });
  t.is(order.filter((step) => step === 'revokePushToken').length, 2);
});

test('by default the revoke is DELETE /users/me/devices/:installationId (the id percent-encoded) through the raw request', async (t) => {
  const sent: Array<[string, string | undefined]> = [];
  const request: RawRequest = async (path, init) => {
    sent.push([path, init?.method]);
    return new Response(null, { status: 204 });
  };
  const reported: unknown[] = [];
  const onSignOut = createSignOutSequence({
    installationId: 'phone 1/a',
    clearLocalSession: async () => undefined,
    idpSignOut: async () => undefined,
    navigateToSignIn: () => undefined,
    report: (step) => void reported.push(step),
  });
  await onSignOut({ lastToken: 't', request });
  t.deepEqual(sent, [['/users/me/devices/phone%201%2Fa', 'DELETE']]);
  t.deepEqual(reported, []);
});

test('a default revoke answered with anything but 2xx is reported, and the sign-out goes on', async (t) => {
  const order: string[] = [];
  const reported: Array<[string, unknown]> = [];
  const onSignOut = createSignOutSequence({
    installationId: 'phone-1',
    clearLocalSession: async () => void order.push('clearLocalSession'),
    idpSignOut: async () => void order.push('idpSignOut'),
    navigateToSignIn: () => void order.push('navigateToSignIn'),
    report: (step, error) => void reported.push([step, (error as Error).message]),
  });
  await onSignOut({ lastToken: 'stale', request: async () => new Response(null, { status: 401 }) });
  t.deepEqual(reported, [['revokePushToken', 'device revoke answered 401']]);
  t.deepEqual(order, ['clearLocalSession', 'idpSignOut', 'navigateToSignIn']);
});
