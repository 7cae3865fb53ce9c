import anyTest, { type TestFn } from 'ava';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import Koa, { type Middleware } from 'koa';
import Router from '@koa/router';
import { exactRouteAnswers, exactRouteDispatch } from './exact-route-dispatch.js';

const test = anyTest as TestFn<{ url: string; server: Server }>;

// Which route answered, and what the router's context said about it.
const answer =
  (name: string): Middleware =>
  (ctx) => {
    ctx.body = {
      name,
      params: ctx['params'],
      matchedRoute: ctx['_matchedRoute'],
      routerPath: ctx['routerPath'],
      matched: (ctx['matched'] as { path: string }[]).map((layer) => layer.path),
    };
  };

const routerUnderTest = (): Router => {
  const router = new Router();
  router.get('/items', answer('list'));
  router.post('/items', answer('create'));
  // Registered before the static path it also matches: the router runs it first.
  router.get('/items/:id', answer('item'));
  router.get('/items/new', answer('new-form'));
  router.get('/health', answer('health'));
  // A route of several middleware (the app registers one per route, composed once).
  router.get(
    '/chain',
    (ctx, next) => {
      ctx.set('X-First', 'ran');
      return next();
    },
    answer('chain'),
  );
  return router;
};

test.beforeEach(async (t) => {
  const router = routerUnderTest();
  const app = new Koa();
  app.use(exactRouteDispatch(router));
  app.use(router.allowedMethods());
  app.use((ctx) => {
    ctx.status = 404;
    ctx.body = { name: 'not-found' };
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  t.context = { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
});
test.afterEach.always((t) => {
  t.context.server?.close();
});

const get = async (t: { context: { url: string } }, path: string, method = 'GET') => {
  const response = await fetch(`${t.context.url}${path}`, { method });
  return {
    status: response.status,
    allow: response.headers.get('allow'),
    first: response.headers.get('x-first'),
    body: method === 'HEAD' ? '' : await response.text(),
  };
};

test('a route without parameters is answered with the context the router would give it', async (t) => {
  const response = await get(t, '/health');
  t.is(response.status, 200);
  t.deepEqual(JSON.parse(response.body), {
    name: 'health',
    params: {},
    matchedRoute: '/health',
    routerPath: '/health',
    matched: ['/health'],
  });
});

test('each method of a path reaches its own route, and HEAD reaches GET as the router does', async (t) => {
  // `matched` lists every route at the path, whatever its method, as the router's own dispatch does.
  t.like(JSON.parse((await get(t, '/items')).body), { name: 'list', matched: ['/items', '/items'] });
  t.is(JSON.parse((await get(t, '/items', 'POST')).body).name, 'create');
  const head = await get(t, '/items', 'HEAD');
  t.is(head.status, 200);
  t.is(head.body, '');
});

test('a static path that an earlier route with parameters also matches is left to the router, which runs the earlier one', async (t) => {
  const response = await get(t, '/items/new');
  t.is(response.status, 200);
  t.like(JSON.parse(response.body), { name: 'item', params: { id: 'new' } });
  t.false(exactRouteAnswers(routerUnderTest()).has('/items/new'));
});

test('other spellings of a path still reach its route through the router', async (t) => {
  t.is(JSON.parse((await get(t, '/HEALTH')).body).name, 'health');
  t.is(JSON.parse((await get(t, '/health/')).body).name, 'health');
  t.like(JSON.parse((await get(t, '/items/42')).body), { name: 'item', params: { id: '42' } });
});

test('a method the path has no route for, and an unknown path, go on as the router lets them', async (t) => {
  const wrongMethod = await get(t, '/health', 'DELETE');
  t.is(wrongMethod.status, 405);
  t.is(wrongMethod.allow, 'HEAD, GET');
  const unknown = await get(t, '/nowhere');
  t.is(unknown.status, 404);
  t.deepEqual(JSON.parse(unknown.body), { name: 'not-found' });
});

test('the answers cover each unshadowed static path under each of its methods, and nothing with parameters', (t) => {
  const answers = exactRouteAnswers(routerUnderTest());
  t.deepEqual([...answers.keys()].sort(), ['/chain', '/health', '/items']);
  t.deepEqual([...answers.get('/items')!.keys()].sort(), ['GET', 'HEAD', 'POST']);
  t.deepEqual([...answers.get('/health')!.keys()].sort(), ['GET', 'HEAD']);
});

test('the dispatch carries its router, as the router’s own dispatch does', (t) => {
  const router = routerUnderTest();
  t.is(exactRouteDispatch(router).router, router);
  t.is((router.routes() as unknown as { router: Router }).router, router);
});

test('an exact path sees the same routing context as the router gives another spelling of it', async (t) => {
  for (const [exact, viaRouter] of [
    ['/health', '/health/'],
    ['/items', '/ITEMS'],
  ]) {
    t.deepEqual(JSON.parse((await get(t, exact!)).body), JSON.parse((await get(t, viaRouter!)).body), exact);
  }
});

test('a router that matches hosts or reads its path elsewhere gets no exact answers', (t) => {
  for (const options of [{ host: 'api.example.com' }, { routerPath: '/health' }]) {
    const router = new Router(options);
    router.get('/health', answer('health'));
    t.is(exactRouteAnswers(router).size, 0);
  }
  const plain = new Router();
  plain.get('/health', answer('health'));
  t.is(exactRouteAnswers(plain).size, 1);
});

test('a route registered with several middleware runs them all, in order', async (t) => {
  const response = await get(t, '/chain');
  t.is(response.first, 'ran');
  t.like(JSON.parse(response.body), { name: 'chain' });
});
