import test from 'ava';
import { FixedClock, InMemoryIdempotencyRecords } from '../testing/index.js';
import { commercePeriodicHandlers, PRUNE_IDEMPOTENCY_KEYS_JOB } from './commerce-jobs.js';
import { IDEMPOTENCY_TTL_MS, type IdempotencyKey } from './idempotency.js';

test('the periodic prune deletes the idempotency keys past their 24 hours, by the clock, and keeps the younger ones', async (t) => {
  const clock = new FixedClock();
  const idempotencyRecords = new InMemoryIdempotencyRecords();
  const claim = (key: string) =>
    idempotencyRecords.claim({
      scope: 'purchase:iron-gym',
      key: key as IdempotencyKey,
      fingerprint: 'fp',
      createdAt: clock.now(),
      expiresAt: new Date(clock.now().getTime() + IDEMPOTENCY_TTL_MS),
    });
  await claim('old-key-00000001');
  clock.advance(60 * 60 * 1000);
  await claim('new-key-00000001');
  clock.advance(IDEMPOTENCY_TTL_MS - 60 * 60 * 1000);
  await commercePeriodicHandlers({ idempotencyRecords, clock })[PRUNE_IDEMPOTENCY_KEYS_JOB]!({});
  t.deepEqual(
    idempotencyRecords.all().map((record) => record.key),
    ['new-key-00000001'],
  );
});
