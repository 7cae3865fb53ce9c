import anyTest, { type TestFn } from 'ava';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { gzipSync } from 'node:zlib';
import * as E from 'fp-ts/lib/Either.js';
import Koa from 'koa';
import Router from '@koa/router';
import * as io from 'io-ts';
import { RecordingErrorTracker } from '@idv/core/testing';
import { errorMiddleware } from '../errors/error-middleware.js';
import { rejectionOf } from './rejection.js';
import { publicEndpoint, rawBodyEndpoint } from './public-endpoint.js';
import { asRejection, failure, ok, seeOther, text } from './reply.js';

const test = anyTest as TestFn<{ server: Server; url: string; rejections: (string | undefined)[] }>;

const doc = { summary: 'A test endpoint', tag: 'test', responses: { 200: { description: 'OK' } } };

test.beforeEach(async (t) => {
  const rejections: (string | undefined)[] = [];
  const routes = [
    publicEndpoint({
      method: 'get',
      path: '/echo',
      query: io.type({ n: io.string }),
      doc,
      handle: async ({ query, method, path }) =>
        query.n === 'away' ? seeOther('https://example.com/result?status=ok') : ok({ n: query.n, method, path }),
    }),
    publicEndpoint({ method: 'get', path: '/text', doc, handle: async () => text(200, 'text/plain', 'OK') }),
    rawBodyEndpoint({
      method: 'post',
      path: '/signed',
      doc,
      rawBody: {
        limit: 16,
        tooLarge: 'Body too large',
        encoded: 'Compressed bodies are not accepted',
        consumed: () => failure({ _tag: 'InternalError', message: 'Raw body unavailable' }),
      },
      handle: async ({ header, readBody }) => {
        if (header('x-signature') === undefined)
          return asRejection(failure({ _tag: 'MissingSignature', message: 'No signature' }), 'MissingSignature');
        const body = await readBody();
        return E.isLeft(body) ? body.left : ok({ bytes: body.right.length });
      },
    }),
  ];
  const app = new Koa();
  app.use(errorMiddleware(new RecordingErrorTracker()));
  app.use(async (ctx, next) => {
    await next();
    rejections.push(rejectionOf(ctx));
  });
  const router = new Router();
  for (const route of routes) router[route.method](route.path, route.handler);
  app.use(router.routes());
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  t.context = { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, rejections };
});
test.afterEach.always((t) => {
  t.context.server?.close();
});

test('a public endpoint decodes its query into 400 ValidationFailed, and its handler sees the method and path as sent', async (t) => {
  const refused = await fetch(`${t.context.url}/echo`);
  t.is(refused.status, 400);
  t.like(await refused.json(), { code: 'ValidationFailed', problems: ['query.n: expected string, got undefined (missing)'] });
  t.deepEqual(await (await fetch(`${t.context.url}/ECHO?n=1`)).json(), { n: '1', method: 'GET', path: '/ECHO' });
});

test('a text reply keeps its body as is, with the media type Koa completes; a redirect is one 303', async (t) => {
  const answer = await fetch(`${t.context.url}/text`);
  t.is(answer.headers.get('content-type'), 'text/plain; charset=utf-8');
  t.is(await answer.text(), 'OK');
  const redirect = await fetch(`${t.context.url}/echo?n=away`, { redirect: 'manual' });
  t.is(redirect.status, 303);
  t.is(redirect.headers.get('location'), 'https://example.com/result?status=ok');
});

test('a raw body is read only when the handler asks: a refusal before it reads nothing; too large 413 and compressed 415, each marked as a refusal', async (t) => {
  const post = (body: Buffer | string, headers: Record<string, string> = {}) =>
    fetch(`${t.context.url}/signed`, { method: 'POST', body, headers });
  t.is((await post('x'.repeat(100))).status, 401, 'the signature check answers first, whatever the body');
  t.deepEqual(await (await post('0123456789', { 'x-signature': 's' })).json(), { bytes: 10 });
  const tooLarge = await post('x'.repeat(17), { 'x-signature': 's' });
  t.like(
    { status: tooLarge.status, ...((await tooLarge.json()) as object) },
    { status: 413, code: 'PayloadTooLarge', message: 'Body too large' },
  );
  const encoded = await post(gzipSync('{}'), { 'x-signature': 's', 'content-encoding': 'gzip' });
  t.like(
    { status: encoded.status, ...((await encoded.json()) as object) },
    { status: 415, code: 'UnsupportedMediaType', message: 'Compressed bodies are not accepted' },
  );
  t.deepEqual(t.context.rejections, ['MissingSignature', undefined, 'PayloadTooLarge', 'UnsupportedMediaType']);
});
