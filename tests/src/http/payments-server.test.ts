import anyTest, { type TestFn } from 'ava';
import { hmacBase64, hmacHex } from '@idv/adapters-payments';
import { providerEnv, startServiceUnderTest, type ServiceUnderTest } from '../support/service-under-test.js';
import { startTestProvider, type TestProvider } from '../support/test-provider.js';

// The running server serves payments — the enabled providers' callback schemes on the real
// persistence, the others answering 503, and start-payment behind billing.manage.

const PAYTR = { PAYTR_MERCHANT_ID: '123456', PAYTR_MERCHANT_KEY: 'paytr-server-key', PAYTR_MERCHANT_SALT: 'paytr-server-salt' };
const test = anyTest.serial as TestFn<{ provider: TestProvider; service: ServiceUnderTest }>;

test.before(async (t) => {
  const provider = await startTestProvider();
  // The secrets carry the whitespace an env file often adds: trimmed at decode, the signatures still verify.
  const env = providerEnv(provider, { PAYMENTS_PROVIDERS: 'paytr', ...PAYTR, PAYTR_MERCHANT_SALT: ` ${PAYTR.PAYTR_MERCHANT_SALT} ` });
  t.context = { provider, service: await startServiceUnderTest(env) };
});
test.after.always(async (t) => {
  await t.context.service?.close();
  await t.context.provider?.close();
});

const paytrNotice = (oid: string, status: string, total: string, key = PAYTR.PAYTR_MERCHANT_KEY) =>
  new URLSearchParams({
    merchant_oid: oid,
    status,
    total_amount: total,
    hash: hmacBase64(key, oid + PAYTR.PAYTR_MERCHANT_SALT + status + total),
  }).toString();

const post = (service: ServiceUnderTest, path: string, body: string, contentType: string, headers: Record<string, string> = {}) =>
  fetch(`${service.url}${path}`, { method: 'POST', body, headers: { 'content-type': contentType, ...headers }, redirect: 'manual' });

test('PayTR enabled: a verified notice is recorded and answered exactly OK, its replay too; a bad hash is 400 and never OK', async (t) => {
  const { service } = t.context;
  const notice = paytrNotice('IDVNOTOURS0001', 'success', '10000');
  for (const attempt of ['first', 'replay']) {
    const reply = await post(service, '/payments/callbacks/paytr', notice, 'application/x-www-form-urlencoded');
    t.is(reply.status, 200, attempt);
    t.is(await reply.text(), 'OK', attempt);
    t.regex(reply.headers.get('content-type') ?? '', /^text\/plain/);
  }
  const forged = await post(
    service,
    '/payments/callbacks/paytr',
    paytrNotice('IDVNOTOURS0001', 'success', '10000', 'wrong-key'),
    'application/x-www-form-urlencoded',
  );
  t.is(forged.status, 400);
  t.not(await forged.text(), 'OK');
  t.true(service.logs.records().some((line) => line['msg'] === 'verified payment callback for no payment of ours'));
  t.false(JSON.stringify(service.logs.records()).includes(PAYTR.PAYTR_MERCHANT_KEY), 'the merchant key is never logged');
});

test('iyzico not enabled: its callbacks answer 503 (webhooks) or send the browser to the error page (3DS)', async (t) => {
  const { service } = t.context;
  const body = JSON.stringify({ iyziEventType: 'API_AUTH', paymentId: '1', paymentConversationId: 'c', status: 'SUCCESS' });
  const webhook = await post(service, '/payments/callbacks/iyzico/webhook', body, 'application/json', {
    'x-iyz-signature-v3': hmacHex('k', 'x'),
  });
  t.is(webhook.status, 503);
  t.like(await webhook.json(), { code: 'SchemeNotConfigured' });
  t.is((await post(service, '/payments/callbacks/iyzico/subscription', body, 'application/json')).status, 503);
  const threeDs = await post(service, '/payments/callbacks/iyzico/3ds', 'status=success', 'application/x-www-form-urlencoded');
  t.is(threeDs.status, 303);
  t.is(threeDs.headers.get('location'), 'http://localhost:3000/payments/result?status=error');
});

test('start and read a payment are bearer routes (401 without a token)', async (t) => {
  const { service } = t.context;
  const orgId = '00000000-0000-4000-8000-000000000001';
  t.is((await post(service, `/organizations/${orgId}/payments`, '{}', 'application/json')).status, 401);
  t.is((await fetch(`${service.url}/organizations/${orgId}/payments/${orgId}`)).status, 401);
});
