import anyTest, { type TestFn } from 'ava';
import { apiRoutes } from '@idv/adapters-http';
import { startTestProvider, type TestProvider } from '../support/test-provider.js';
import { providerEnv, startServiceUnderTest, type ServiceUnderTest } from '../support/service-under-test.js';
import { capturedExceptions, rawRequest } from './raw-http.js';

const test = anyTest as TestFn<{ provider: TestProvider; service: ServiceUnderTest }>;

test.before(async (t) => {
  const provider = await startTestProvider();
  t.context = { provider, service: await startServiceUnderTest(providerEnv(provider)) };
});
test.after.always(async (t) => {
  await t.context.service?.close();
  await t.context.provider?.close();
});

// Methods Node's parser accepts but the API never implements.
const UNIMPLEMENTED = [
  'PROPFIND',
  'PROPPATCH',
  'MKCOL',
  'COPY',
  'MOVE',
  'LOCK',
  'UNLOCK',
  'TRACE',
  'PURGE',
  'REPORT',
  'SEARCH',
  'LINK',
  'MKCALENDAR',
];
const paths = () => [
  ...new Set(
    apiRoutes({ services: {} as never, logger: {} as never, errorTracker: {} as never }).map((route) =>
      route.path.replace(/:(\w+)/g, '$1-x'),
    ),
  ),
  '/nope',
];

test('an unimplemented method on any route answers 501 with a JSON body, never 500 and never a captured defect', async (t) => {
  let requests = 0;
  for (const path of paths()) {
    for (const method of UNIMPLEMENTED) {
      const response = await rawRequest(t.context.service.url, { method, path, headers: { authorization: 'Bearer x.y.z' } });
      requests += 1;
      t.is(response.status, 501, `${method} ${path}`);
      t.like(JSON.parse(response.body), { statusCode: 501, error: 'Not Implemented', code: 'NotImplemented' }, `${method} ${path}`);
    }
  }
  t.log(`${requests} requests with ${UNIMPLEMENTED.length} unimplemented methods on ${paths().length} paths`);
  t.deepEqual(capturedExceptions(t.context.service.logs.records()), []);
});

test('a known path asked with a method it does not serve answers 405 with Allow', async (t) => {
  const cases = [
    { method: 'POST', path: '/health', allow: ['GET', 'HEAD'] },
    { method: 'PUT', path: '/webhooks/idp', allow: ['POST'] },
    { method: 'PATCH', path: '/users/me', allow: ['DELETE', 'GET', 'HEAD'] },
    { method: 'GET', path: '/invitations/accept', allow: ['POST'] },
  ];
  for (const { method, path, allow } of cases) {
    const response = await rawRequest(t.context.service.url, { method, path });
    t.is(response.status, 405, `${method} ${path}`);
    t.deepEqual(String(response.headers['allow']).split(', ').sort(), allow, `${method} ${path}`);
    t.like(JSON.parse(response.body), { statusCode: 405, error: 'Method Not Allowed', code: 'MethodNotAllowed' });
  }
  t.deepEqual(capturedExceptions(t.context.service.logs.records()), []);
});

test('OPTIONS on a known path answers its Allow list', async (t) => {
  const response = await rawRequest(t.context.service.url, { method: 'OPTIONS', path: '/health' });
  t.is(response.status, 200);
  t.deepEqual(String(response.headers['allow']).split(', ').sort(), ['GET', 'HEAD']);
});
