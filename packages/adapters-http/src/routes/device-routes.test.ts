import anyTest, { type TestFn } from 'ava';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as E from 'fp-ts/lib/Either.js';
import {
  agreementsArea,
  commerceArea,
  devicesArea,
  eventsArea,
  identityArea,
  organizationsArea,
  paymentsArea,
  unauthenticated,
  type Users,
} from '@idv/core';
import { aPerson, createPaymentsWorld, type TestWorld } from '@idv/core/testing';
import { createHttpApp } from '../app.js';

// The device routes and the caller's language over a real socket, on the in-memory ports.
const test = anyTest as TestFn<{ world: TestWorld; url: string; server: Server; userCalls: string[] }>;

const TOKEN = 'ExponentPushToken[http-routes-00000042]';

/** The Users port with every call recorded, so a test sees which requests cost a query or a write. */
const counting = (users: Users, calls: string[]): Users =>
  new Proxy(users, {
    get: (target, name, receiver) => {
      const value = Reflect.get(target, name, receiver);
      return typeof value === 'function' ? (...args: unknown[]) => (calls.push(String(name)), value.apply(target, args)) : value;
    },
  });

test.beforeEach(async (t) => {
  const world = createPaymentsWorld();
  const userCalls: string[] = [];
  const ports = { ...world, users: counting(world.users, userCalls) };
  const services = {
    ...identityArea({
      ...ports,
      verifier: { verify: async () => E.left(unauthenticated('token-invalid-signature')) },
      testAuthBypass: true,
    }),
    ...organizationsArea(ports),
    ...paymentsArea(ports),
    ...devicesArea(ports),
    ...commerceArea(ports),
    ...eventsArea(ports),
    ...agreementsArea(ports),
    checkReadiness: async () => undefined,
  };
  const server = createHttpApp({ services, logger: world.logger, errorTracker: world.errorTracker }).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  await aPerson(world, 'ada');
  userCalls.length = 0;
  t.context = { world, server, userCalls, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
});
test.afterEach.always((t) => {
  t.context.server?.close();
});

const call = async (
  t: { context: { url: string } },
  method: string,
  path: string,
  options: { body?: unknown; headers?: Record<string, string> } = {},
) => {
  const response = await fetch(`${t.context.url}${path}`, {
    method,
    headers: {
      'x-test-user-id': 'user_ada',
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...options.headers,
    },
    ...(options.body === undefined ? {} : { body: typeof options.body === 'string' ? options.body : JSON.stringify(options.body) }),
  });
  const text = await response.text();
  return { status: response.status, text, body: text === '' ? undefined : JSON.parse(text) };
};

const adaLocale = (world: TestWorld): string | null => world.users.all().find((u) => u.idpId === 'user_ada')?.locale ?? null;

test('PUT registers (201), then updates (200); the token is masked in every answer', async (t) => {
  const first = await call(t, 'PUT', '/users/me/devices/phone-1', {
    body: { pushToken: TOKEN, platform: 'ios', appVersion: '1.2.3' },
    headers: { 'x-locale': 'tr-TR' },
  });
  t.is(first.status, 201);
  t.like(first.body, { device: { installationId: 'phone-1', platform: 'ios', appVersion: '1.2.3', locale: 'tr-TR', pushToken: '…042]' } });
  const again = await call(t, 'PUT', '/users/me/devices/phone-1', { body: { pushToken: TOKEN, platform: 'android' } });
  t.is(again.status, 200);
  t.like(again.body, { device: { platform: 'android', appVersion: null, locale: 'tr-TR' } });
  const listed = await call(t, 'GET', '/users/me/devices');
  t.is(listed.status, 200);
  t.deepEqual(
    listed.body.items.map((d: { installationId: string; pushToken: string }) => [d.installationId, d.pushToken]),
    [['phone-1', '…042]']],
  );
  for (const answer of [first, again, listed]) t.false(answer.text.includes(TOKEN));
});

test('DELETE answers 204 whether or not the device exists', async (t) => {
  await call(t, 'PUT', '/users/me/devices/phone-1', { body: { pushToken: TOKEN, platform: 'web' } });
  t.is((await call(t, 'DELETE', '/users/me/devices/phone-1')).status, 204);
  t.is((await call(t, 'DELETE', '/users/me/devices/phone-1')).status, 204);
  t.deepEqual((await call(t, 'GET', '/users/me/devices')).body, { items: [] });
});

test('bad input is a 400 ValidationFailed, one line each, and never echoes a token whole', async (t) => {
  const badToken = 'ExponentPushToken[has a space-0099]';
  const answer = await call(t, 'PUT', '/users/me/devices/phone-1', { body: { pushToken: badToken, platform: 'symbian', appVersion: '' } });
  t.is(answer.status, 400);
  t.is(answer.body.code, 'ValidationFailed');
  t.deepEqual(
    [...new Set(answer.body.problems.map((line: string) => line.split(':')[0]))],
    ['body.pushToken', 'body.platform', 'body.appVersion'],
  );
  t.true(answer.body.problems.some((line: string) => line.startsWith('body.pushToken:') && line.includes('…099]')));
  t.false(answer.text.includes(badToken));
  t.is((await call(t, 'PUT', '/users/me/devices/bad%20id', { body: { pushToken: TOKEN, platform: 'ios' } })).status, 400);
  t.is((await call(t, 'PUT', '/users/me/devices/phone-1', { body: '{"pushToken":' })).status, 400);
  t.is((await call(t, 'PUT', '/users/me/devices/phone-1')).status, 400);
});

test('every device route needs a bearer (401 without one)', async (t) => {
  for (const [method, path] of [
    ['PUT', '/users/me/devices/x'],
    ['DELETE', '/users/me/devices/x'],
    ['GET', '/users/me/devices'],
  ] as const) {
    t.is((await fetch(`${t.context.url}${path}`, { method })).status, 401, `${method} ${path}`);
  }
});

test('X-Locale is stored on the user once; an unchanged language costs GET /users/me no extra query and no write', async (t) => {
  const { world, userCalls } = t.context;
  const plain = await call(t, 'GET', '/users/me');
  t.is(plain.status, 200);
  const baseline = [...userCalls];
  userCalls.length = 0;
  t.is((await call(t, 'GET', '/users/me', { headers: { 'x-locale': 'tr-tr' } })).status, 200);
  t.deepEqual(
    userCalls.filter((name) => name !== 'setLocale'),
    baseline,
  );
  t.deepEqual(
    userCalls.filter((name) => name === 'setLocale'),
    ['setLocale'],
    'one write, for the change',
  );
  t.is(adaLocale(world), 'tr-TR');
  userCalls.length = 0;
  t.is((await call(t, 'GET', '/users/me', { headers: { 'x-locale': 'tr-TR' } })).status, 200);
  t.deepEqual(userCalls, baseline, 'the same language again: exactly the calls of a request without one');
});

test('a malformed X-Locale is ignored: 200, nothing written; Accept-Language is used when X-Locale is not valid', async (t) => {
  const { world, userCalls } = t.context;
  await call(t, 'GET', '/users/me', { headers: { 'x-locale': 'tr-TR' } });
  userCalls.length = 0;
  for (const bad of ['!!', 'en,tr', 'x'.repeat(200), '12345']) {
    t.is((await call(t, 'GET', '/users/me', { headers: { 'x-locale': bad } })).status, 200, bad);
  }
  t.false(userCalls.includes('setLocale'));
  t.is(adaLocale(world), 'tr-TR');
  t.is((await call(t, 'GET', '/users/me', { headers: { 'x-locale': '!!', 'accept-language': 'de-DE,de;q=0.9' } })).status, 200);
  t.is(adaLocale(world), 'de-DE');
});

test('a request naming no language keeps the device language; a new device without one takes the user language', async (t) => {
  await call(t, 'GET', '/users/me', { headers: { 'x-locale': 'tr' } });
  const created = await call(t, 'PUT', '/users/me/devices/tablet', { body: { pushToken: TOKEN, platform: 'android' } });
  t.like(created.body, { device: { locale: 'tr' } });
  const bad = await call(t, 'PUT', '/users/me/devices/tablet', {
    body: { pushToken: TOKEN, platform: 'android' },
    headers: { 'x-locale': '%%%' },
  });
  t.is(bad.status, 200);
  t.like(bad.body, { device: { locale: 'tr' } });
});

test('a failed language write never fails the request: it is logged at warn', async (t) => {
  const { world } = t.context;
  world.users.failWrites = true;
  t.is((await call(t, 'GET', '/users/me', { headers: { 'x-locale': 'fr' } })).status, 200);
  t.like(world.logger.at('warn').at(-1), { message: 'language not stored' });
  t.is(adaLocale(world), null);
});
