import anyTest, { type TestFn } from 'ava';
import { apiRoutes } from '@idv/adapters-http';
import { startTestProvider, type TestProvider } from '../support/test-provider.js';
import { providerEnv, startServiceUnderTest, type ServiceUnderTest } from '../support/service-under-test.js';
import { rawRequest } from './raw-http.js';

// Every route declares its access, only the listed ones are public, and a
// bearer route refuses a caller without a token (also one sending the bypass headers while the
// bypass is off). The role × capability matrix is adapters-http's capability-matrix.test.ts.
const test = anyTest as TestFn<{ provider: TestProvider; service: ServiceUnderTest }>;

// ARCHITECTURE §5's public routes; a new one must be added here on purpose.
const PUBLIC_ROUTES = [
  'GET /health',
  'GET /health/ready',
  'POST /webhooks/idp',
  'GET /.well-known/apple-app-site-association',
  'GET /.well-known/assetlinks.json',
  // Authenticated by each provider's signature, not by a bearer token.
  'POST /payments/callbacks/iyzico/3ds',
  'POST /payments/callbacks/iyzico/webhook',
  'POST /payments/callbacks/iyzico/subscription',
  'POST /payments/callbacks/paytr',
  // The API description, no data.
  'GET /openapi.json',
  // An organization's public page: its name and plans on sale, never members (behind the public limiter).
  'GET /public/organizations/:slug',
  // A visitor's purchase (Idempotency-Key), its status and a fresh signing link (its own HMAC status token).
  'POST /public/organizations/:slug/purchases',
  'GET /public/purchases/:purchaseId',
  'POST /public/purchases/:purchaseId/agreements/:agreementId/link',
  // Agreement signing: the link's token is the credential (one SHA-256 lookup, per-token failure budget).
  'GET /forms/:token',
  'POST /forms/:token/sign',
  'GET /sign/:token',
  'POST /sign/:token',
  // The local bot-check stand-in's tokens: served only with BOT_CHECK_LOCAL, which production refuses.
  'POST /dev/bot-check-tokens',
  // Public to the authentication middleware, behind its own METRICS_TOKEN (and only when that is set).
  'GET /metrics',
];
// Every route the running server serves, the payment routes included (the server always wires them), and /metrics (served once METRICS_TOKEN is set).
const ROUTES = apiRoutes({
  services: {} as never,
  logger: {} as never,
  errorTracker: {} as never,
  payments: { resultUrl: 'https://app.example.com/payments/result' },
  botCheckStandIn: () => 'local_token',
  metricsEndpoint: { token: 'a-metrics-token-of-at-least-32-characters', scrape: async () => ({ contentType: 'text/plain', body: '' }) },
});
const nameOf = (route: { method: string; path: string }): string => `${route.method.toUpperCase()} ${route.path}`;
// Well-formed ids, so that no route could answer 400 for its params before authentication.
const concrete = (path: string): string => path.replace(/:\w+/g, '00000000-0000-4000-8000-000000000001');

test.before(async (t) => {
  const provider = await startTestProvider();
  t.context = { provider, service: await startServiceUnderTest(providerEnv(provider)) };
});
test.after.always(async (t) => {
  await t.context.service?.close();
  await t.context.provider?.close();
});

test('every route declares public or bearer access, and only the listed ones (health, readiness, the webhook, app links, payment callbacks, the API description, public organization pages) are public', (t) => {
  const undeclared = ROUTES.filter((route) => route.access !== 'public' && route.access !== 'bearer').map(nameOf);
  t.deepEqual(undeclared, []);
  t.deepEqual(
    ROUTES.filter((route) => route.access === 'public')
      .map(nameOf)
      .sort(),
    [...PUBLIC_ROUTES].sort(),
  );
  t.true(ROUTES.length > PUBLIC_ROUTES.length);
});

test('every bearer route answers 401 without a token, and ignores x-test-* headers while the bypass is off', async (t) => {
  const bearerRoutes = ROUTES.filter((route) => route.access === 'bearer');
  for (const route of bearerRoutes) {
    const withBody = route.method === 'post' || route.method === 'put' || route.method === 'patch';
    const headerSets: Record<string, string>[] = [{}, { 'x-test-user-id': 'user_intruder1', 'x-test-role': 'platform_admin' }];
    for (const headers of headerSets) {
      const response = await rawRequest(t.context.service.url, {
        method: route.method.toUpperCase(),
        path: concrete(route.path),
        headers: withBody ? { 'content-type': 'application/json', ...headers } : headers,
        ...(withBody ? { body: '{}' } : {}),
      });
      t.is(response.status, 401, `${nameOf(route)} ${JSON.stringify(headers)}`);
      t.is(response.headers['www-authenticate'], 'Bearer', nameOf(route));
    }
  }
  t.log(`${bearerRoutes.length} bearer routes refused without a token`);
});

test('the public routes answer without credentials', async (t) => {
  t.is((await rawRequest(t.context.service.url, { method: 'GET', path: '/health' })).status, 200);
  t.is((await rawRequest(t.context.service.url, { method: 'GET', path: '/health/ready' })).status, 200);
  t.is((await rawRequest(t.context.service.url, { method: 'GET', path: '/openapi.json' })).status, 200);
  t.is((await rawRequest(t.context.service.url, { method: 'GET', path: '/public/organizations/no-such-gym' })).status, 404);
  // Public, but authenticated by its signature (rule 1).
  t.is((await rawRequest(t.context.service.url, { method: 'POST', path: '/webhooks/idp', body: '{}' })).status, 400);
  // No provider enabled here, so each callback answers 503 SchemeNotConfigured, never 401.
  for (const path of ['/payments/callbacks/iyzico/webhook', '/payments/callbacks/iyzico/subscription', '/payments/callbacks/paytr']) {
    t.is((await rawRequest(t.context.service.url, { method: 'POST', path, body: '{}' })).status, 503, path);
  }
});
