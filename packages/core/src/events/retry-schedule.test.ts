import test from 'ava';
import { failedTooLong, retryDelayMs, RETRY_SCHEDULE_SECONDS } from './retry-schedule.js';

const middle = { scale: 1, random: () => 0.5 };

test('the retries follow the Standard Webhooks schedule, then stop (dead after 8 attempts)', (t) => {
  const delays = [1, 2, 3, 4, 5, 6, 7].map((made) => retryDelayMs(made, undefined, middle));
  t.deepEqual(delays, [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000]);
  t.is(retryDelayMs(RETRY_SCHEDULE_SECONDS.length, undefined, middle), undefined);
});

test('jitter keeps each delay within ±10 % of the schedule', (t) => {
  t.is(retryDelayMs(2, undefined, { scale: 1, random: () => 0 }), 270_000);
  t.is(retryDelayMs(2, undefined, { scale: 1, random: () => 0.999_999 }), 330_000);
});

test('a longer Retry-After is honoured, a shorter one is not, and none past the longest step', (t) => {
  t.is(retryDelayMs(1, 60, middle), 60_000);
  t.is(retryDelayMs(2, 1, middle), 300_000);
  t.is(retryDelayMs(1, 10 * 86_400, middle), 36_000_000);
});

test('the scale compresses every delay, Retry-After included', (t) => {
  t.is(retryDelayMs(2, undefined, { scale: 0.001, random: () => 0.5 }), 300);
  t.is(retryDelayMs(1, 60, { scale: 0.001, random: () => 0.5 }), 60);
});

test('a failing streak disables after 5 days, not before', (t) => {
  const since = new Date('2026-01-01T00:00:00Z');
  t.false(failedTooLong(since, new Date('2026-01-05T23:59:59Z')));
  t.true(failedTooLong(since, new Date('2026-01-06T00:00:00Z')));
});
