import test from 'ava';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { RecordingLogger } from '@idv/core/testing';
import { flexibleRateLimiter } from './flexible-rate-limiter.js';
import { MEMORY_STORE } from './rate-limit-store.js';
import { connectRedisStore } from './redis-store.js';

// The RateLimiter port on rate-limiter-flexible. The shared-Redis cases are in tests/src/http/shared-rate-limit.test.ts.

test('in memory: the budget per key, then a refusal with the seconds left in the window', async (t) => {
  const limiter = flexibleRateLimiter(MEMORY_STORE, { points: 2, windowSeconds: 30 }, { name: 'unit', logger: new RecordingLogger() });
  t.deepEqual(await limiter.consume('a'), { allowed: true });
  t.deepEqual(await limiter.consume('a'), { allowed: true });
  t.deepEqual(await limiter.consume('a'), { allowed: false, retryAfterSeconds: 30 });
  t.deepEqual(await limiter.consume('b'), { allowed: true }, 'another key has its own budget');
});

test("in memory: keys that alternate keep their own budgets (the remembered digest is always the current key's)", async (t) => {
  const limiter = flexibleRateLimiter(MEMORY_STORE, { points: 2, windowSeconds: 30 }, { name: 'unit', logger: new RecordingLogger() });
  for (const key of ['a', 'b', 'a', 'b']) t.true((await limiter.consume(key)).allowed, key);
  await limiter.refund('a');
  t.false((await limiter.consume('b')).allowed, 'b spent its two points');
  t.true((await limiter.consume('a')).allowed, 'the refund went to a');
  t.false((await limiter.consume('a')).allowed, 'a spent the refunded point');
});

test('in memory: a cost takes several points at once, and a refund gives them back', async (t) => {
  const limiter = flexibleRateLimiter(MEMORY_STORE, { points: 3, windowSeconds: 60 }, { name: 'unit', logger: new RecordingLogger() });
  t.true((await limiter.consume('k', 3)).allowed);
  t.false((await limiter.consume('k')).allowed);
  await limiter.refund('k', 2);
  t.true((await limiter.consume('k')).allowed);
});

test('two limiters of one process never share counts in memory (each instance has its own budget)', async (t) => {
  const logger = new RecordingLogger();
  const one = flexibleRateLimiter(MEMORY_STORE, { points: 1, windowSeconds: 60 }, { name: 'same', logger });
  const other = flexibleRateLimiter(MEMORY_STORE, { points: 1, windowSeconds: 60 }, { name: 'same', logger });
  t.true((await one.consume('k')).allowed);
  t.true((await other.consume('k')).allowed);
});

test('Redis configured but unreachable: the in-memory insurance limits, a warning is logged once, nothing throws', async (t) => {
  // A port that refuses connections: bind one, note it, close it.
  const probe = createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => probe.once('listening', resolve));
  const port = (probe.address() as AddressInfo).port;
  await new Promise((resolve) => probe.close(resolve));
  const logger = new RecordingLogger();
  const redis = connectRedisStore({ url: `redis://127.0.0.1:${port}`, keyPrefix: 'unit', logger });
  t.teardown(() => redis.close());
  const limiter = flexibleRateLimiter(redis.store, { points: 2, windowSeconds: 60 }, { name: 'unit', logger });
  t.true((await limiter.consume('k')).allowed);
  t.true((await limiter.consume('k')).allowed);
  const refused = await limiter.consume('k');
  t.false(refused.allowed, 'still limited, per instance');
  await new Promise((resolve) => setTimeout(resolve, 600));
  const warnings = logger.entries.filter((entry) => entry.level === 'warn' && entry.message.includes('unreachable'));
  t.is(warnings.length, 1, 'one warning per outage, not one per reconnection attempt');
  t.false(JSON.stringify(logger.entries).includes(`redis://`), 'the URL (it may hold a password) is never logged');
});
