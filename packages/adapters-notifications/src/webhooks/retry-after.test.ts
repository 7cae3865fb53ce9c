import test from 'ava';
import { retryAfterSeconds } from './retry-after.js';

const NOW = Date.parse('2026-12-05T10:00:00Z');

test('Retry-After in seconds is read as given', (t) => {
  t.is(retryAfterSeconds('120', NOW), 120);
  t.is(retryAfterSeconds(' 0 ', NOW), 0);
  t.is(retryAfterSeconds(['30', '60'], NOW), 30);
});

test('Retry-After as an HTTP date counts from now, rounded up, never below zero', (t) => {
  t.is(retryAfterSeconds('Sat, 05 Dec 2026 10:01:30 GMT', NOW), 90);
  t.is(retryAfterSeconds('Sat, 05 Dec 2026 09:59:00 GMT', NOW), 0);
});

test('an absent or unreadable Retry-After is none', (t) => {
  t.is(retryAfterSeconds(undefined, NOW), undefined);
  t.is(retryAfterSeconds('', NOW), undefined);
  t.is(retryAfterSeconds('soon', NOW), undefined);
  t.is(retryAfterSeconds('-5', NOW), undefined);
});
