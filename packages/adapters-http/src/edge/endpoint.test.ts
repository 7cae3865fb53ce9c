import anyTest, { type TestFn } from 'ava';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import Koa from 'koa';
import Router from '@koa/router';
import * as t from 'io-ts';
import { Email, type AuthPayload, type IdpUserId } from '@idv/core';
import { RecordingErrorTracker } from '@idv/core/testing';
import { errorMiddleware } from '../errors/error-middleware.js';
import { bearerEndpoint } from './endpoint.js';
import { created, replyWith } from './reply.js';

const test = anyTest as TestFn<{ server: Server; url: string; seen: unknown[] }>;

const caller: AuthPayload = { userId: 'user_edge1' as IdpUserId, sessionId: 'sess_1', user: null };
const Body = t.type({ email: Email, seats: t.number });
const Params = t.type({ orgId: t.string });

test.beforeEach(async (t) => {
  const seen: unknown[] = [];
  const route = bearerEndpoint({
    method: 'post',
    path: '/orgs/:orgId/things',
    params: Params,
    body: Body,
    bodyLimit: 256,
    doc: { summary: 'A test endpoint', tag: 'test', responses: { 201: { description: 'Created' } } },
    handle: async (request) => {
      // The header reader is a function; what it reads is the device routes' concern (tests/src/http/devices).
      const { header: _header, ...decoded } = request;
      seen.push(decoded);
      return request.body.seats > 10
        ? replyWith({ _tag: 'Left', left: { _tag: 'Forbidden', message: 'Too many seats' } } as never, created)
        : created({ ok: true });
    },
  });
  const app = new Koa();
  app.use(errorMiddleware(new RecordingErrorTracker()));
  app.use((ctx, next) => {
    ctx.request.auth = caller;
    return next();
  });
  const router = new Router();
  router[route.method](route.path, route.handler);
  app.use(router.routes());
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  t.context = { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/orgs/org_1/things`, seen };
});
test.afterEach.always((t) => {
  t.context.server?.close();
});

const post = (url: string, body: string, contentType = 'application/json') =>
  fetch(url, { method: 'POST', headers: { 'content-type': contentType }, body });

test('the handler gets the caller and the decoded params and body', async (t) => {
  const response = await post(t.context.url, JSON.stringify({ email: 'Ada@Example.com', seats: 2 }));
  t.is(response.status, 201);
  t.deepEqual(t.context.seen, [
    { caller, params: { orgId: 'org_1' }, query: {}, body: { email: 'ada@example.com', seats: 2 }, clientAddress: '127.0.0.1' },
  ]);
});

test('every decoding problem is one line of one 400 ValidationFailed, and the handler never runs', async (t) => {
  const response = await post(t.context.url, JSON.stringify({ email: 'not-an-email' }));
  t.is(response.status, 400);
  const body = (await response.json()) as { code: string; problems: string[]; message: string };
  t.is(body.code, 'ValidationFailed');
  t.is(body.problems.length, 2);
  t.true(body.problems[0]!.startsWith('body.email: '));
  t.true(body.problems[1]!.startsWith('body.seats: '));
  t.is(body.message, body.problems.join('\n'));
  t.deepEqual(t.context.seen, []);
});

test('a missing body is a validation problem, not a crash', async (t) => {
  const response = await fetch(t.context.url, { method: 'POST' });
  t.is(response.status, 400);
  t.like(await response.json(), {
    code: 'ValidationFailed',
    problems: ['body: expected { email: Email, seats: number }, got undefined (missing)'],
  });
});

test('broken JSON is 400, another media type 415, an oversized body 413; never 500', async (t) => {
  t.like(await (await post(t.context.url, '{"email":')).json(), { statusCode: 400, code: 'BadRequest' });
  t.like(await (await post(t.context.url, 'email=a', 'application/x-www-form-urlencoded')).json(), {
    statusCode: 415,
    code: 'UnsupportedMediaType',
  });
  t.like(await (await post(t.context.url, JSON.stringify({ email: 'a@b.co', seats: 1, pad: 'x'.repeat(400) }))).json(), {
    statusCode: 413,
    code: 'PayloadTooLarge',
  });
  t.like(await (await post(t.context.url, '"just a string"')).json(), { statusCode: 400 });
});

const postEncoded = (url: string, body: Buffer, encoding: string) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'content-encoding': encoding }, body });

test('a body that cannot be read says why, with the status of its cause', async (t) => {
  const refused = async (response: Response) => ({ status: response.status, ...((await response.json()) as object) });
  t.like(await refused(await post(t.context.url, '{"email":"a@b.co","seats":1,"__proto__":{"admin":true}}')), {
    status: 400,
    code: 'BadRequest',
    message: 'Request body must not contain a __proto__ or constructor.prototype member',
  });
  t.like(await refused(await post(t.context.url, '"just a string"')), {
    status: 400,
    message: 'Request body must be a JSON object or array',
  });
  t.like(await refused(await post(t.context.url, '{"email":')), { status: 400, message: 'Request body is not valid JSON' });
  t.like(await refused(await postEncoded(t.context.url, Buffer.from('not gzip at all'), 'gzip')), {
    status: 400,
    code: 'BadRequest',
    message: 'Request body could not be decompressed',
  });
  t.like(await refused(await postEncoded(t.context.url, Buffer.from('{}'), 'compress')), {
    status: 415,
    code: 'UnsupportedMediaType',
    message: 'Send the body uncompressed, or encoded with gzip, deflate or br',
  });
  t.deepEqual(t.context.seen, []);
});

test('a compressed body is read once inflated, and its limit counts the inflated bytes', async (t) => {
  const body = JSON.stringify({ email: 'a@b.co', seats: 1 });
  t.is((await postEncoded(t.context.url, gzipSync(body), 'gzip')).status, 201);
  t.is((await postEncoded(t.context.url, deflateSync(body), 'deflate')).status, 201);
  t.is((await postEncoded(t.context.url, brotliCompressSync(body), 'br')).status, 201);
  // 256 bytes allowed: a few dozen bytes of gzip that inflate past them are refused as too large.
  const bomb = gzipSync(JSON.stringify({ email: 'a@b.co', seats: 1, pad: ' '.repeat(100_000) }));
  t.true(bomb.length < 256);
  const refused = await postEncoded(t.context.url, bomb, 'gzip');
  t.is(refused.status, 413);
  t.like(await refused.json(), { code: 'PayloadTooLarge' });
  t.is(t.context.seen.length, 3);
});

test('a Left from the use case goes through the one error map', async (t) => {
  const response = await post(t.context.url, JSON.stringify({ email: 'a@b.co', seats: 11 }));
  t.is(response.status, 403);
  t.like(await response.json(), { code: 'Forbidden', message: 'Too many seats' });
});
