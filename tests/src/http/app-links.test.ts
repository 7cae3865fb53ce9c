import anyTest, { type TestFn } from 'ava';
import { appleAppSiteAssociation, assetLinks } from '@idv/client/links';
import { startTestProvider, type TestProvider } from '../support/test-provider.js';
import { providerEnv, startServiceUnderTest, type ServiceUnderTest } from '../support/service-under-test.js';

// The service serves the app-link association files the mobile app needs to catch /sign-up.
const test = anyTest as TestFn<{
  provider: TestProvider;
  configured: ServiceUnderTest;
  bare: ServiceUnderTest;
  appleOnly: ServiceUnderTest;
}>;

const APP_IDS = ['ABCDE12345.com.studio.app', 'ABCDE12345.com.studio.app.beta'];
const FINGERPRINTS = [
  '14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5',
  'FA:C6:17:45:DC:09:03:78:6F:B9:ED:E6:2A:96:2B:39:9F:73:48:F0:BB:6F:89:9B:83:32:66:75:91:03:3B:9C',
];

test.before(async (t) => {
  const provider = await startTestProvider();
  const [configured, bare, appleOnly] = await Promise.all([
    startServiceUnderTest(
      providerEnv(provider, {
        APPLE_APP_IDS: APP_IDS.join(','),
        ANDROID_APP_PACKAGE: 'com.studio.app',
        ANDROID_CERT_SHA256: FINGERPRINTS.map((f) => f.toLowerCase()).join(', '),
      }),
    ),
    startServiceUnderTest(providerEnv(provider)),
    startServiceUnderTest(providerEnv(provider, { APPLE_APP_IDS: APP_IDS[0]! })),
  ]);
  t.context = { provider, configured, bare, appleOnly };
});
test.after.always(async (t) => {
  await Promise.all([t.context.configured?.close(), t.context.bare?.close(), t.context.appleOnly?.close()]);
  await t.context.provider?.close();
});

const get = (service: ServiceUnderTest, path: string) => fetch(`${service.url}${path}`, { redirect: 'manual' });

test('GET /.well-known/apple-app-site-association: 200 application/json, no redirect, the same document @idv/client builds', async (t) => {
  const response = await get(t.context.configured, '/.well-known/apple-app-site-association');
  t.is(response.status, 200);
  t.is(response.headers.get('content-type'), 'application/json');
  t.is(response.headers.get('location'), null);
  t.deepEqual(await response.json(), appleAppSiteAssociation({ appIds: APP_IDS }));
});

test('the AASA components catch the mobile app’s /sign-up invitation path', async (t) => {
  const body = (await (await get(t.context.configured, '/.well-known/apple-app-site-association')).json()) as {
    applinks: { details: Array<{ components: Array<Record<string, string>> }> };
  };
  t.deepEqual(body.applinks.details[0]?.components, [{ '/': '/sign-up*' }]);
});

test('GET /.well-known/assetlinks.json: 200 application/json, no redirect, the same document @idv/client builds (fingerprints upper-cased)', async (t) => {
  const response = await get(t.context.configured, '/.well-known/assetlinks.json');
  t.is(response.status, 200);
  t.is(response.headers.get('content-type'), 'application/json');
  t.is(response.headers.get('location'), null);
  t.deepEqual(await response.json(), assetLinks({ packageName: 'com.studio.app', sha256Fingerprints: FINGERPRINTS }));
});

test('without bearer token or cookies, the files are public', async (t) => {
  const response = await fetch(`${t.context.configured.url}/.well-known/assetlinks.json`, {
    headers: { authorization: 'Bearer not-a-token' },
  });
  t.is(response.status, 200);
  t.is(response.headers.get('set-cookie'), null);
});

test('not configured: both answer 404 RouteNotFound with the JSON error body', async (t) => {
  for (const path of ['/.well-known/apple-app-site-association', '/.well-known/assetlinks.json']) {
    const response = await get(t.context.bare, path);
    t.is(response.status, 404, path);
    t.deepEqual(
      await response.json(),
      { statusCode: 404, error: 'Not Found', message: `No route for GET ${path}`, code: 'RouteNotFound' },
      path,
    );
  }
});

test('only iOS configured: the AASA file is served and assetlinks.json is 404', async (t) => {
  t.is((await get(t.context.appleOnly, '/.well-known/apple-app-site-association')).status, 200);
  t.is((await get(t.context.appleOnly, '/.well-known/assetlinks.json')).status, 404);
});
