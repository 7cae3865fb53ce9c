import anyTest, { type TestFn } from 'ava';
import { hmacBase64 } from '@idv/adapters-payments';
import { redisKeys, uniqueKeyPrefix, withRedis } from '../support/redis.js';
import { providerEnv, startServiceUnderTest, type ServiceUnderTest } from '../support/service-under-test.js';
import { startTestProvider, type TestProvider } from '../support/test-provider.js';

// The payment callbacks' own budgets over sockets — PAYMENT_CALLBACK_RATE_POINTS
// per source for the four routes, PAYMENT_CALLBACK_FAIL_POINTS bad signatures per source and then a block,
// PAYMENT_CALLBACK_TRUSTED_CIDRS exempt; in memory, and shared by two instances on Redis (TEST_REDIS_URL, or the
// machine's when it answers; reported as not run where there is none).
// Sources are told apart by X-Forwarded-For behind TRUSTED_PROXY_HOPS=1.

const PAYTR = { PAYTR_MERCHANT_ID: '123456', PAYTR_MERCHANT_KEY: 'paytr-limit-key', PAYTR_MERCHANT_SALT: 'paytr-limit-salt' };
const test = anyTest.serial as TestFn<{ provider: TestProvider }>;

test.before(async (t) => {
  t.context = { provider: await startTestProvider() };
});
test.after.always(async (t) => {
  await t.context.provider?.close();
});

const start = async (
  t: { context: { provider: TestProvider }; teardown: (fn: () => Promise<void>) => void },
  overrides: Record<string, string>,
) => {
  const service = await startServiceUnderTest(
    providerEnv(t.context.provider, { PAYMENTS_PROVIDERS: 'paytr', ...PAYTR, TRUSTED_PROXY_HOPS: '1', ...overrides }),
  );
  t.teardown(() => service.close());
  return service;
};

let serial = 0;
const notice = (key = PAYTR.PAYTR_MERCHANT_KEY) => {
  const oid = `IDVLIMIT${process.pid}N${(serial += 1)}`;
  return new URLSearchParams({
    merchant_oid: oid,
    status: 'success',
    total_amount: '100',
    hash: hmacBase64(key, `${oid}${PAYTR.PAYTR_MERCHANT_SALT}success100`),
  }).toString();
};
const GOOD = () => notice();
const FORGED = () => notice('not-the-merchant-key');

const send = async (service: ServiceUnderTest, source: string, body: string) => {
  const reply = await fetch(`${service.url}/payments/callbacks/paytr`, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': source },
  });
  return { status: reply.status, text: await reply.text(), retryAfter: reply.headers.get('retry-after') };
};

test('a source that keeps sending bad signatures is blocked (429, Retry-After, never OK) while a good source is not', async (t) => {
  const service = await start(t, { PAYMENT_CALLBACK_FAIL_POINTS: '3' });
  const forger = '198.51.100.66';
  const provider = '203.0.113.10';
  const forged: number[] = [];
  for (let n = 0; n < 4; n += 1) forged.push((await send(service, forger, FORGED())).status);
  t.deepEqual(forged, [400, 400, 400, 400], 'each bad hash is answered 400 until the budget is overspent');
  const blocked = await send(service, forger, GOOD());
  t.is(blocked.status, 429, 'blocked: even a correctly signed notice from that source is refused');
  t.not(blocked.text, 'OK');
  const retryAfter = Number(blocked.retryAfter);
  t.true(retryAfter > 600 && retryAfter <= 900, `blocked for the 15-minute block, Retry-After ${retryAfter}`);
  const good = await send(service, provider, GOOD());
  t.deepEqual([good.status, good.text], [200, 'OK'], 'another source is unaffected');
  t.true(service.logs.records().some((line) => line['msg'] === 'payment callback source blocked after repeated bad signatures'));
});

test('good callbacks never spend the failure budget; PAYMENT_CALLBACK_RATE_POINTS limits every callback per source across the four routes', async (t) => {
  const service = await start(t, { PAYMENT_CALLBACK_FAIL_POINTS: '1', PAYMENT_CALLBACK_RATE_POINTS: '3' });
  const source = '198.51.100.7';
  t.is((await send(service, source, GOOD())).status, 200);
  t.is((await send(service, source, GOOD())).status, 200);
  const iyzico = await fetch(`${service.url}/payments/callbacks/iyzico/webhook`, {
    method: 'POST',
    body: '{}',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': source },
  });
  t.is(iyzico.status, 503, 'iyzico is not enabled; the request still spends the shared budget');
  const limited = await send(service, source, GOOD());
  t.is(limited.status, 429);
  t.not(limited.text, 'OK');
  t.true(Number(limited.retryAfter) >= 1 && Number(limited.retryAfter) <= 60);
  t.is((await send(service, '198.51.100.8', GOOD())).status, 200, 'another source has its own budget');
});

test("PAYMENT_CALLBACK_TRUSTED_CIDRS: the providers' addresses are exempt from both budgets", async (t) => {
  const service = await start(t, {
    PAYMENT_CALLBACK_FAIL_POINTS: '1',
    PAYMENT_CALLBACK_RATE_POINTS: '2',
    PAYMENT_CALLBACK_TRUSTED_CIDRS: '203.0.113.0/24,2001:db8::/32',
  });
  const statuses: number[] = [];
  for (let n = 0; n < 4; n += 1) statuses.push((await send(service, '203.0.113.77', FORGED())).status);
  for (let n = 0; n < 3; n += 1) statuses.push((await send(service, '203.0.113.77', GOOD())).status);
  t.deepEqual(statuses, [400, 400, 400, 400, 200, 200, 200]);
  const v6: number[] = [];
  for (let n = 0; n < 3; n += 1) v6.push((await send(service, '2001:db8::1', FORGED())).status);
  t.deepEqual(v6, [400, 400, 400]);
  for (let n = 0; n < 2; n += 1) await send(service, '198.51.100.9', FORGED());
  t.is((await send(service, '198.51.100.9', GOOD())).status, 429, 'an untrusted source is still blocked');
});

withRedis('the failure budget shared by two instances (TEST_REDIS_URL is unset and no Redis answers on 127.0.0.1:6379)', (redisUrl) => {
  test('two server instances on one Redis share the failure budget: bad signatures on one block the source on both', async (t) => {
    const keyPrefix = uniqueKeyPrefix('paycb');
    const env = { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: keyPrefix, PAYMENT_CALLBACK_FAIL_POINTS: '2' };
    const first = await start(t, env);
    const second = await start(t, env);
    const forger = '198.51.100.99';
    t.is((await send(first, forger, FORGED())).status, 400);
    t.is((await send(second, forger, FORGED())).status, 400);
    t.is((await send(first, forger, FORGED())).status, 400, 'the third bad signature, over the shared budget of 2, blocks the source');
    for (const service of [first, second]) {
      const blocked = await send(service, forger, GOOD());
      t.is(blocked.status, 429, 'blocked on either instance');
      t.true(Number(blocked.retryAfter) > 600);
      const good = await send(service, '203.0.113.20', GOOD());
      t.deepEqual([good.status, good.text], [200, 'OK'], 'a good source is served on either instance');
    }
    t.true(first.logs.records().some((line) => line['msg'] === 'service listening' && line['rateLimits'] === 'redis'));
    const keys = await redisKeys(redisUrl, keyPrefix);
    t.true(
      keys.some((key) => key.includes(':paycb-fail:')),
      keys.join(', '),
    );
    t.false(
      keys.some((key) => key.includes('198.51.100')),
      'Redis holds digests, never an address',
    );
  });
});
