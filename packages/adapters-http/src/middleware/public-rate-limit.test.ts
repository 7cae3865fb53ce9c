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
  type RateLimiter,
  unauthenticated,
} from '@idv/core';
import { createPaymentsWorld, InMemoryRateLimiter, userCreatedEvent, VALID_TEST_SIGNATURE, type TestWorld } from '@idv/core/testing';
import { createHttpApp } from '../app.js';
import type { HttpAppOptions } from '../http-services.js';

// The outer rate limiter of the public routes, over real sockets.
const test = anyTest as TestFn<{ world: TestWorld; url: string; server: Server }>;

const POLICY = { points: 3, windowSeconds: 60 };

const start = async (
  t: { context: unknown; teardown: (fn: () => void) => void },
  limiter: (world: TestWorld) => RateLimiter,
  options: Partial<HttpAppOptions> = {},
) => {
  const world = createPaymentsWorld();
  const services = {
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
    checkReadiness: async () => undefined,
  };
  const app = createHttpApp({
    services,
    logger: world.logger,
    errorTracker: world.errorTracker,
    publicRateLimiter: limiter(world),
    ...options,
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  t.teardown(() => server.close());
  return { world, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
};

const webhook = (url: string, headers: Record<string, string> = {}, n = 1) =>
  fetch(`${url}/webhooks/idp`, {
    method: 'POST',
    headers: {
      'idp-webhook-id': `msg_${n}`,
      'idp-webhook-timestamp': '1716883200',
      'idp-webhook-signature': VALID_TEST_SIGNATURE,
      ...headers,
    },
    body: JSON.stringify(userCreatedEvent({ id: `user_ratelimited${n}` })),
  });

/** A delivery whose signature does not verify: what spends the webhook's budget. */
const forged = (url: string, headers: Record<string, string> = {}) => webhook(url, { 'idp-webhook-signature': 'v1,forged', ...headers });

const openApi = (url: string) => fetch(`${url}/openapi.json`);

test('a public route without a signature (GET /openapi.json) answers 429 RateLimited with Retry-After once the source has spent its budget', async (t) => {
  const { world, url } = await start(t, (w) => new InMemoryRateLimiter(w.clock, POLICY));
  for (let n = 0; n < 3; n += 1) t.is((await openApi(url)).status, 200);
  world.clock.advance(20_000);
  const refused = await openApi(url);
  t.is(refused.status, 429);
  t.is(refused.headers.get('retry-after'), '40');
  t.deepEqual(await refused.json(), {
    statusCode: 429,
    error: 'Too Many Requests',
    message: 'Too many requests; try again later',
    code: 'RateLimited',
    retryAfterSeconds: 40,
  });
  world.clock.advance(40_000);
  t.is((await openApi(url)).status, 200, 'a new window, a new budget');
});

test('a webhook delivery whose signature verifies is never refused for rate: 50 from one source against a budget of 3 all answer 200', async (t) => {
  const { url } = await start(t, (w) => new InMemoryRateLimiter(w.clock, POLICY));
  const statuses: number[] = [];
  for (let n = 0; n < 50; n += 1) statuses.push((await webhook(url, {}, n)).status);
  t.deepEqual(statuses, Array<number>(50).fill(200));
});

test('only failed deliveries spend the webhook budget: past it they answer 429 with Retry-After, and a signed one from that source still answers 200', async (t) => {
  const { world, url } = await start(t, (w) => new InMemoryRateLimiter(w.clock, POLICY));
  for (let n = 0; n < 3; n += 1) t.is((await forged(url)).status, 400);
  t.is((await webhook(url, { 'idp-webhook-signature': '' })).status, 429, 'missing headers count too, once the budget is spent');
  world.clock.advance(20_000);
  const refused = await forged(url);
  t.is(refused.status, 429);
  t.is(refused.headers.get('retry-after'), '40');
  t.deepEqual(await refused.json(), {
    statusCode: 429,
    error: 'Too Many Requests',
    message: 'Too many rejected requests from this source; try again later',
    code: 'RateLimited',
    retryAfterSeconds: 40,
  });
  t.is((await webhook(url, {}, 7)).status, 200, 'the signature is checked before the block: a verified delivery passes');
  world.clock.advance(40_000);
  t.is((await forged(url)).status, 400, 'a new window, a new budget');
});

test('a signed delivery that does not decode answers 400 and spends nothing', async (t) => {
  const { url } = await start(t, (w) => new InMemoryRateLimiter(w.clock, { points: 1, windowSeconds: 60 }));
  for (let n = 0; n < 5; n += 1) {
    const response = await fetch(`${url}/webhooks/idp`, {
      method: 'POST',
      headers: { 'idp-webhook-id': `msg_bad${n}`, 'idp-webhook-timestamp': '1716883200', 'idp-webhook-signature': VALID_TEST_SIGNATURE },
      body: '{"type":"user.created","object":"event","data":{}}',
    });
    t.is(response.status, 400);
  }
  t.is((await forged(url)).status, 400, 'the budget of one is still whole');
});

test('the budget is per source: behind one trusted proxy, each X-Forwarded-For client has its own', async (t) => {
  const { url } = await start(t, (w) => new InMemoryRateLimiter(w.clock, POLICY), { trustedProxyHops: 1 });
  for (let n = 0; n < 3; n += 1) t.is((await forged(url, { 'x-forwarded-for': '198.51.100.1' })).status, 400);
  t.is((await forged(url, { 'x-forwarded-for': '198.51.100.1' })).status, 429);
  t.is((await forged(url, { 'x-forwarded-for': '198.51.100.2' })).status, 400, 'another client is not affected');
  t.is(
    (await forged(url, { 'x-forwarded-for': '203.0.113.9, 198.51.100.1' })).status,
    429,
    'an entry the client wrote on the left changes nothing',
  );
});

test('without a trusted proxy, X-Forwarded-For is ignored: the socket peer is the source', async (t) => {
  const { url } = await start(t, (w) => new InMemoryRateLimiter(w.clock, POLICY));
  for (let n = 0; n < 3; n += 1) await forged(url, { 'x-forwarded-for': `198.51.100.${n}` });
  t.is((await forged(url, { 'x-forwarded-for': '198.51.100.77' })).status, 429);
});

test('/health and /health/ready are never limited (load balancers poll them)', async (t) => {
  const { url } = await start(t, (w) => new InMemoryRateLimiter(w.clock, { points: 1, windowSeconds: 60 }));
  await openApi(url);
  t.is((await openApi(url)).status, 429);
  for (let n = 0; n < 20; n += 1) {
    t.is((await fetch(`${url}/health`)).status, 200);
    t.is((await fetch(`${url}/health/ready`)).status, 200);
  }
});

test('bearer routes are not behind the outer limiter (they answer 401, not 429, once the budget is spent)', async (t) => {
  const { url } = await start(t, (w) => new InMemoryRateLimiter(w.clock, { points: 1, windowSeconds: 60 }));
  await openApi(url);
  t.is((await openApi(url)).status, 429);
  t.is((await fetch(`${url}/users/me`)).status, 401);
});

test('a limiter that fails lets the request through with a warning, never a 500', async (t) => {
  const broken: RateLimiter = { consume: async () => Promise.reject(new Error('store exploded')), refund: async () => undefined };
  const { world, url } = await start(t, () => broken);
  t.is((await openApi(url)).status, 200);
  t.is((await forged(url)).status, 400, 'a refused delivery is answered as it is');
  t.true(world.logger.entries.some((entry) => entry.level === 'warn' && entry.message.includes('rate limiter failed')));
  t.is(world.errorTracker.captured.length, 0);
});
