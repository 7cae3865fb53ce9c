import anyTest, { type TestFn } from 'ava';
import { createServer, type AddressInfo } from 'node:net';
import { flexibleInvitationThrottle, flexibleRateLimiter, connectRedisStore } from '@idv/adapters-rate-limit';
import { DEFAULT_INVITATION_LIMITS } from '@idv/core';
import { RecordingLogger, userCreatedEvent } from '@idv/core/testing';
import { providerEnv, startServiceUnderTest, type ServiceUnderTest } from '../support/service-under-test.js';
import { redisKeys, uniqueKeyPrefix, withRedis } from '../support/redis.js';
import { startTestProvider, type TestProvider } from '../support/test-provider.js';

// On Redis (REDIS_URL), every instance draws on one budget. The shared cases run over the Redis of
// TEST_REDIS_URL (or the machine's, when it answers), and are reported as not run where there is none.
const test = anyTest.serial as TestFn<{ provider: TestProvider }>;

test.before(async (t) => {
  t.context = { provider: await startTestProvider() };
});
test.after.always(async (t) => {
  await t.context.provider?.close();
});

const webhook = (service: ServiceUnderTest, provider: TestProvider, n: number) => {
  const body = JSON.stringify(userCreatedEvent({ id: `user_shared${n}` }));
  return fetch(`${service.url}/webhooks/idp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...provider.sign(body) },
    body,
  });
};

/** A delivery whose signature does not verify: what spends the webhook's share of the public budget. */
const forged = (service: ServiceUnderTest, n: number) => {
  const body = JSON.stringify(userCreatedEvent({ id: `user_forged${n}` }));
  return fetch(`${service.url}/webhooks/idp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'idp-webhook-id': `msg_forged${n}`,
      'idp-webhook-timestamp': String(Math.floor(Date.now() / 1000)),
      'idp-webhook-signature': 'v1,Zm9yZ2Vk',
    },
    body,
  });
};

const closedPort = async (): Promise<number> => {
  const probe = createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => probe.once('listening', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
};

withRedis('the shared-budget cases (TEST_REDIS_URL is unset and no Redis answers on 127.0.0.1:6379)', (redisUrl) => {
  test('two server instances on one Redis share the public budget: what one spends with bad deliveries, the other refuses', async (t) => {
    const env = providerEnv(t.context.provider, {
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: uniqueKeyPrefix('public'),
      PUBLIC_RATE_LIMIT_POINTS: '4',
      PUBLIC_RATE_LIMIT_WINDOW_SECONDS: '60',
    });
    const first = await startServiceUnderTest(env);
    t.teardown(() => first.close());
    const second = await startServiceUnderTest(env);
    t.teardown(() => second.close());
    t.is((await forged(first, 1)).status, 400);
    t.is((await forged(second, 2)).status, 400);
    t.is((await forged(first, 3)).status, 400);
    t.is((await forged(second, 4)).status, 400);
    for (const service of [first, second]) {
      const refused = await forged(service, 5);
      t.is(refused.status, 429, 'the fifth bad delivery, on either instance, is over the shared budget');
      const retryAfter = Number(refused.headers.get('retry-after'));
      t.true(retryAfter >= 1 && retryAfter <= 60, `Retry-After ${retryAfter} is within the window`);
      t.like(await refused.json(), { statusCode: 429, code: 'RateLimited' });
      t.is((await fetch(`${service.url}/health`)).status, 200, 'the probes are never limited');
      t.is(
        (await webhook(service, t.context.provider, service === first ? 6 : 7)).status,
        200,
        'a signed delivery is never refused for rate',
      );
    }
    t.true(first.logs.records().some((line) => line['msg'] === 'service listening' && line['rateLimits'] === 'redis'));
  });

  test('instances on other key prefixes (another environment, another test run) never share counts', async (t) => {
    const logger = new RecordingLogger();
    const one = connectRedisStore({ url: redisUrl, keyPrefix: uniqueKeyPrefix('one'), logger });
    const other = connectRedisStore({ url: redisUrl, keyPrefix: uniqueKeyPrefix('other'), logger });
    t.teardown(async () => {
      await one.close();
      await other.close();
    });
    t.true(await one.whenReady(5_000));
    t.true(await other.whenReady(5_000));
    const policy = { points: 1, windowSeconds: 30 };
    t.true((await flexibleRateLimiter(one.store, policy, { name: 'p', logger }).consume('198.51.100.1')).allowed);
    t.true((await flexibleRateLimiter(other.store, policy, { name: 'p', logger }).consume('198.51.100.1')).allowed);
    t.false((await flexibleRateLimiter(one.store, policy, { name: 'p', logger }).consume('198.51.100.1')).allowed);
  });

  test('the invitation throttles are shared too, and Redis holds digests only, never an address or an email', async (t) => {
    const logger = new RecordingLogger();
    const keyPrefix = uniqueKeyPrefix('invite');
    const instances = [connectRedisStore({ url: redisUrl, keyPrefix, logger }), connectRedisStore({ url: redisUrl, keyPrefix, logger })];
    t.teardown(async () => {
      for (const instance of instances) await instance.close();
    });
    for (const instance of instances) t.true(await instance.whenReady(5_000));
    const limits = { ...DEFAULT_INVITATION_LIMITS, recipient: { points: 2, windowSeconds: 30 } };
    const [a, b] = instances.map((instance) => flexibleInvitationThrottle(instance.store, limits, logger));
    t.true((await a!.recipient.consume('someone@example.com')).allowed);
    t.true((await b!.recipient.consume('someone@example.com')).allowed);
    await b!.recipient.refund('someone@example.com');
    t.true((await a!.recipient.consume('someone@example.com')).allowed, 'a refund on one instance is seen by the other');
    t.false((await b!.recipient.consume('someone@example.com')).allowed, 'what one instance spends, the other refuses');
    const keys = await redisKeys(redisUrl, keyPrefix);
    t.true(keys.length > 0);
    t.false(
      keys.some((key) => key.includes('example.com')),
      keys.join(', '),
    );
  });
});

test('Redis configured but unreachable: the service starts, limits each instance in memory, warns once, never answers 500', async (t) => {
  const service = await startServiceUnderTest(
    providerEnv(t.context.provider, {
      REDIS_URL: `redis://127.0.0.1:${await closedPort()}`,
      REDIS_KEY_PREFIX: uniqueKeyPrefix('down'),
      PUBLIC_RATE_LIMIT_POINTS: '3',
    }),
  );
  t.teardown(() => service.close());
  const statuses: number[] = [];
  for (let n = 10; n < 14; n += 1) statuses.push((await forged(service, n)).status);
  t.deepEqual(statuses, [400, 400, 400, 429], 'fail open to a per-instance budget, not to no limit at all');
  t.is((await webhook(service, t.context.provider, 14)).status, 200);
  const warnings = service.logs
    .records()
    .filter((line) => line['level'] === 40 && String(line['msg']).includes('rate limit store (Redis) unreachable'));
  t.is(warnings.length, 1);
});
