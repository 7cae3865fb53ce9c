import anyTest, { type TestFn } from 'ava';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import Koa from 'koa';
import Router from '@koa/router';
import { koaBody } from 'koa-body';
import {
  agreementsArea,
  commerceArea,
  devicesArea,
  eventsArea,
  identityArea,
  organizationsArea,
  paymentsArea,
  unauthenticated,
} from '@idv/core';
import { createPaymentsWorld, userCreatedEvent, VALID_TEST_SIGNATURE, type PaymentsWorld, type TestWorld } from '@idv/core/testing';
import * as E from 'fp-ts/lib/Either.js';
import { createHttpApp } from './app.js';
import type { HttpServices } from './http-services.js';
import { webhookRoutes } from './routes/webhook-routes.js';

const test = anyTest as TestFn<{ world: TestWorld; ready: { up: boolean }; url: string; server: Server }>;

const servicesFor = (world: PaymentsWorld, ready: { up: boolean }): HttpServices => ({
  ...identityArea({
    ...world,
    verifier: { verify: async () => E.left(unauthenticated('token-invalid-signature')) },
    testAuthBypass: false,
  }),
  ...organizationsArea(world),
  ...paymentsArea(world),
  ...devicesArea(world),
  ...commerceArea(world),
  ...eventsArea(world),
  ...agreementsArea(world),
  checkReadiness: async () => {
    if (!ready.up) throw new Error('connection refused');
  },
});

const serve = async (app: Koa): Promise<{ server: Server; url: string }> => {
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
};

test.beforeEach(async (t) => {
  const world = createPaymentsWorld();
  const ready = { up: true };
  const app = createHttpApp({ services: servicesFor(world, ready), logger: world.logger, errorTracker: world.errorTracker });
  t.context = { world, ready, ...(await serve(app)) };
});
test.afterEach.always((t) => {
  t.context.server?.close();
});

const signedHeaders = { 'idp-webhook-id': 'msg_1', 'idp-webhook-timestamp': '1716883200', 'idp-webhook-signature': VALID_TEST_SIGNATURE };

test('spec errors: a failed database write in a webhook branch answers 500 and is reported', async (t) => {
  t.context.world.users.failWrites = true;
  const response = await fetch(`${t.context.url}/webhooks/idp`, {
    method: 'POST',
    headers: signedHeaders,
    body: JSON.stringify(userCreatedEvent({ id: 'user_writefails1' })),
  });
  t.is(response.status, 500);
  t.deepEqual(await response.json(), {
    statusCode: 500,
    error: 'Internal Server Error',
    message: 'Internal server error',
    code: 'InternalError',
  });
  t.is(t.context.world.errorTracker.captured.length, 1);
  t.context.world.users.failWrites = false;
  const retry = await fetch(`${t.context.url}/webhooks/idp`, {
    method: 'POST',
    headers: signedHeaders,
    body: JSON.stringify(userCreatedEvent({ id: 'user_writefails1' })),
  });
  t.is(retry.status, 200);
  t.is(t.context.world.users.all().length, 1);
});

test('a compressed webhook body is refused with 415 (signatures cover the plain bytes)', async (t) => {
  const response = await fetch(`${t.context.url}/webhooks/idp`, {
    method: 'POST',
    headers: { ...signedHeaders, 'content-encoding': 'gzip' },
    body: 'x',
  });
  t.is(response.status, 415);
  t.like(await response.json(), { code: 'UnsupportedMediaType' });
});

test('/health answers ok; /health/ready answers 503 while the database is down and 200 after', async (t) => {
  t.deepEqual(await (await fetch(`${t.context.url}/health`)).json(), { status: 'ok' });
  t.context.ready.up = false;
  const down = await fetch(`${t.context.url}/health/ready`);
  t.is(down.status, 503);
  t.like(await down.json(), { code: 'NotReady' });
  t.context.ready.up = true;
  t.is((await fetch(`${t.context.url}/health/ready`)).status, 200);
});

test('an invalid token answers 401 with an invalid_token challenge and no reason leaked', async (t) => {
  const response = await fetch(`${t.context.url}/users/me`, { headers: { authorization: 'Bearer abc.def.ghi' } });
  t.is(response.status, 401);
  t.is(response.headers.get('www-authenticate'), 'Bearer error="invalid_token"');
  t.deepEqual(await response.json(), { statusCode: 401, error: 'Unauthorized', message: 'Unauthenticated', code: 'Unauthenticated' });
});

test('spec errors: when a parser consumed the raw body first, the webhook answers 500 and reports it', async (t) => {
  const world = createPaymentsWorld();
  const app = new Koa();
  const router = new Router();
  // The misconfiguration under test: a body parser mounted in front of the webhook route.
  app.use(koaBody());
  for (const route of webhookRoutes(servicesFor(world, { up: true }), world.errorTracker, 1024 * 1024))
    router.post(route.path, route.handler);
  app.use(router.routes());
  const { server, url } = await serve(app);
  try {
    const response = await fetch(`${url}/webhooks/idp`, {
      method: 'POST',
      headers: { ...signedHeaders, 'content-type': 'application/json' },
      body: JSON.stringify(userCreatedEvent({ id: 'user_rawbody1' })),
    });
    t.is(response.status, 500);
    t.like(await response.json(), { message: 'Webhook raw body unavailable' });
    t.is(world.errorTracker.captured.length, 1);
    t.is(world.users.all().length, 0);
  } finally {
    server.close();
  }
});

test('JSON answers, success and error alike, carry the JSON content type and their exact length; HEAD the same headers and no body', async (t) => {
  const expectJson = async (response: Response, status: number) => {
    t.is(response.status, status);
    t.is(response.headers.get('content-type'), 'application/json; charset=utf-8');
    const bytes = Buffer.from(await response.arrayBuffer());
    t.is(Number(response.headers.get('content-length')), bytes.length);
    return JSON.parse(bytes.toString('utf8')) as unknown;
  };
  const accepted = await fetch(`${t.context.url}/webhooks/idp`, {
    method: 'POST',
    headers: signedHeaders,
    body: JSON.stringify(userCreatedEvent({ id: 'user_jsonanswer1' })),
  });
  t.deepEqual(await expectJson(accepted, 200), { received: true });
  const refused = await fetch(`${t.context.url}/users/me`, { headers: { authorization: 'Bearer abc.def.ghi' } });
  t.like(await expectJson(refused, 401), { code: 'Unauthenticated' });
  const get = await fetch(`${t.context.url}/health`);
  const head = await fetch(`${t.context.url}/health`, { method: 'HEAD' });
  t.is(head.status, 200);
  t.is(head.headers.get('content-type'), get.headers.get('content-type'));
  t.is(head.headers.get('content-length'), get.headers.get('content-length'));
  t.is((await head.arrayBuffer()).byteLength, 0);
});
