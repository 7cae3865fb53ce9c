import anyTest, { type TestFn } from 'ava';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import * as E from 'fp-ts/lib/Either.js';
import type Koa from 'koa';
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
import { createPaymentsWorld, type PaymentsWorld } from '@idv/core/testing';
import { createHttpApp } from './app.js';
import type { HttpAppOptions, HttpServices } from './http-services.js';
import type { HttpMetrics } from './observability/http-metrics.js';
import { createMetricsApp } from './routes/metrics-routes.js';

// Request ids, the access log, route metrics, `/metrics` and CORS at the HTTP edge.
const test = anyTest as TestFn<{ servers: Server[] }>;
test.beforeEach((t) => {
  t.context = { servers: [] };
});
test.afterEach.always((t) => {
  for (const server of t.context.servers) server.close();
});

const METRICS_TOKEN = 'a-metrics-token-of-at-least-32-characters';
const ORG_ID = '0b7e3c2e-1111-4222-8333-944455556666';

/** HTTP metrics that keep what they were told. */
const recordingMetrics = () => {
  const observed: { method: string; pattern: string; status: number }[] = [];
  const tokenFailures: string[] = [];
  const metrics: HttpMetrics = {
    route: (method, pattern) => ({ observe: (status) => observed.push({ method, pattern, status }) }),
    tokenFailure: (reason) => tokenFailures.push(reason),
  };
  return { metrics, observed, tokenFailures };
};

const servicesFor = (world: PaymentsWorld): HttpServices => ({
  ...identityArea({ ...world, verifier: { verify: async () => E.left(unauthenticated('token-expired')) }, testAuthBypass: true }),
  ...organizationsArea(world),
  ...paymentsArea(world),
  ...devicesArea(world),
  ...commerceArea(world),
  ...eventsArea(world),
  ...agreementsArea(world),
  checkReadiness: async () => undefined,
});

const serve = async (t: { context: { servers: Server[] } }, app: Koa): Promise<string> => {
  const server = app.listen(0, '127.0.0.1');
  t.context.servers.push(server);
  await new Promise((resolve) => server.once('listening', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

const start = async (t: { context: { servers: Server[] } }, options: Partial<HttpAppOptions> = {}) => {
  const world = createPaymentsWorld();
  const scoped: string[] = [];
  const recording = recordingMetrics();
  const url = await serve(
    t,
    createHttpApp({
      services: servicesFor(world),
      logger: world.logger,
      errorTracker: world.errorTracker,
      requestScope: (requestId, next) => {
        scoped.push(requestId);
        return next();
      },
      metrics: recording.metrics,
      ...options,
    }),
  );
  return { world, url, scoped, ...recording };
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

test('a valid x-request-id is echoed, runs the request scope and names the access line', async (t) => {
  const { url, scoped, world } = await start(t);
  const response = await fetch(`${url}/health`, { headers: { 'x-request-id': 'edge-42.a_b-C' } });
  t.is(response.headers.get('x-request-id'), 'edge-42.a_b-C');
  t.deepEqual(scoped, ['edge-42.a_b-C']);
  t.like(
    world.logger.entries.find((entry) => entry.message === 'request'),
    { level: 'info', fields: { requestId: 'edge-42.a_b-C' } },
  );
});

for (const [label, sent] of [
  ['absent', undefined],
  ['too long', 'x'.repeat(129)],
  ['with a space', 'bad id'],
  ['with a newline smuggled as %0A', 'bad%0Aid'],
  ['with a quote', 'id"injected'],
] as const) {
  test(`an x-request-id ${label} is replaced by a generated UUID`, async (t) => {
    const { url, scoped } = await start(t);
    const response = await fetch(`${url}/health`, { headers: sent === undefined ? {} : { 'x-request-id': sent } });
    const id = response.headers.get('x-request-id') ?? '';
    t.regex(id, UUID);
    t.deepEqual(scoped, [id]);
  });
}

test('one access line per request: method, route pattern, status, duration — never the raw path, query or token', async (t) => {
  const { url, world } = await start(t);
  const response = await fetch(`${url}/organizations/${ORG_ID}?secret=q-value`, { headers: { 'x-test-user-id': 'user_caller1' } });
  t.is(response.status, 404);
  const lines = world.logger.entries.filter((entry) => entry.message === 'request');
  t.is(lines.length, 1);
  t.like(lines[0], { level: 'info', fields: { method: 'GET', route: '/organizations/:orgId', status: 404 } });
  t.is(typeof lines[0]?.fields['durationMs'], 'number');
  const logged = JSON.stringify(world.logger.entries);
  t.false(logged.includes(ORG_ID));
  t.false(logged.includes('q-value'));
});

test('the access line of a bearer request carries no token', async (t) => {
  const { url, world } = await start(t);
  await fetch(`${url}/users/me`, { headers: { authorization: 'Bearer eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ1In0.c2lnbmF0dXJl' } });
  t.false(JSON.stringify(world.logger.entries).includes('eyJhbGciOiJSUzI1NiJ9'));
  t.like(
    world.logger.entries.find((entry) => entry.message === 'request'),
    { fields: { route: '/users/me', status: 401 } },
  );
});

test('latency is recorded under the route pattern and status; requests no route answered share `unmatched`', async (t) => {
  const { url, observed } = await start(t);
  await fetch(`${url}/organizations/${ORG_ID}`, { headers: { 'x-test-user-id': 'user_caller1' } });
  await fetch(`${url}/no/such/${ORG_ID}`);
  await fetch(`${url}/health`, { method: 'PROPFIND' });
  t.deepEqual(observed, [
    { method: 'GET', pattern: '/organizations/:orgId', status: 404 },
    { method: 'other', pattern: 'unmatched', status: 404 },
    { method: 'other', pattern: 'unmatched', status: 501 },
  ]);
});

test('token failures are counted by reason, a missing bearer too', async (t) => {
  const { url, tokenFailures } = await start(t);
  await fetch(`${url}/users/me`, { headers: { authorization: 'Bearer eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ1In0.c2lnbmF0dXJl' } });
  await fetch(`${url}/users/me`);
  t.deepEqual(tokenFailures, ['token-expired', 'missing-bearer']);
});

const scrape = async () => ({ contentType: 'text/plain; version=0.0.4; charset=utf-8', body: 'idv_up 1\n' });

test('/metrics answers 404 when no metrics endpoint is configured', async (t) => {
  const { url } = await start(t);
  t.is((await fetch(`${url}/metrics`)).status, 404);
});

test('/metrics needs METRICS_TOKEN as a bearer: missing or wrong answers 401, right answers the Prometheus text', async (t) => {
  const { url } = await start(t, { metricsEndpoint: { token: METRICS_TOKEN, scrape } });
  const missing = await fetch(`${url}/metrics`);
  t.is(missing.status, 401);
  t.like(await missing.json(), { code: 'Unauthenticated' });
  t.is((await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}x` } })).status, 401);
  t.is((await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN.slice(0, -1)}` } })).status, 401);
  const right = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  t.is(right.status, 200);
  t.regex(right.headers.get('content-type') ?? '', /^text\/plain/);
  t.is(await right.text(), 'idv_up 1\n');
});

test('the separate metrics port serves /metrics without a token and nothing else', async (t) => {
  const url = await serve(t, createMetricsApp({ scrape }));
  t.is(await (await fetch(`${url}/metrics`)).text(), 'idv_up 1\n');
  t.is((await fetch(`${url}/users/me`)).status, 404);
  t.is((await fetch(`${url}/metrics`, { method: 'POST' })).status, 404);
});

const WEB = 'https://app.studio.example';

test('CORS: an allowed origin’s preflight answers 204 with the methods and headers, no credentials, Vary: Origin', async (t) => {
  const { url } = await start(t, { corsOrigins: [WEB, 'https://admin.studio.example'] });
  const response = await fetch(`${url}/users/me`, {
    method: 'OPTIONS',
    headers: { origin: WEB, 'access-control-request-method': 'DELETE', 'access-control-request-headers': 'authorization,x-locale' },
  });
  t.is(response.status, 204);
  t.is(response.headers.get('access-control-allow-origin'), WEB);
  t.is(response.headers.get('access-control-allow-methods'), 'GET,HEAD,PUT,POST,PATCH,DELETE');
  t.is(response.headers.get('access-control-allow-headers'), 'Authorization,Content-Type,X-Locale,X-Request-Id');
  t.is(response.headers.get('access-control-allow-credentials'), null);
  t.regex(response.headers.get('vary') ?? '', /Origin/);
});

test('CORS: an allowed origin’s request is answered with its origin and the exposed headers', async (t) => {
  const { url } = await start(t, { corsOrigins: [WEB] });
  const response = await fetch(`${url}/users/me`, { headers: { origin: WEB } });
  t.is(response.status, 401);
  t.is(response.headers.get('access-control-allow-origin'), WEB);
  t.is(response.headers.get('access-control-expose-headers'), 'X-Request-Id,Retry-After,WWW-Authenticate');
  t.regex(response.headers.get('vary') ?? '', /Origin/);
});

test('CORS: a disallowed origin gets no CORS header, on its preflight or its request', async (t) => {
  const { url } = await start(t, { corsOrigins: [WEB] });
  for (const origin of ['https://evil.example', `${WEB}.evil.example`, 'null']) {
    const preflight = await fetch(`${url}/users/me`, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'GET' } });
    const request = await fetch(`${url}/users/me`, { headers: { origin } });
    for (const response of [preflight, request]) {
      t.deepEqual(
        [...response.headers.keys()].filter((name) => name.startsWith('access-control-')),
        [],
        origin,
      );
      t.regex(response.headers.get('vary') ?? '', /Origin/);
    }
  }
});

test('CORS: without CORS_ORIGINS no origin gets a CORS header', async (t) => {
  const { url } = await start(t);
  const response = await fetch(`${url}/users/me`, { method: 'OPTIONS', headers: { origin: WEB, 'access-control-request-method': 'GET' } });
  t.deepEqual(
    [...response.headers.keys()].filter((name) => name.startsWith('access-control-')),
    [],
  );
});
