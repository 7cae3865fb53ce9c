import test from 'ava';
import * as E from 'fp-ts/lib/Either.js';
import { loadConfig } from './load-config.js';

test('the JOBS_* settings default to 2 workers, 8 retries from 5 s, and a poll every 2 s', (t) => {
  const config = loadConfig({});
  t.deepEqual(E.isRight(config) ? config.right.jobs : undefined, {
    workers: 2,
    retryLimit: 8,
    retryDelaySeconds: 5,
    pollIntervalSeconds: 2,
  });
});

test('the JOBS_* settings are read, the poll interval down to pg-boss’s 0.5 s', (t) => {
  const config = loadConfig({
    JOBS_WORKERS: '4',
    JOBS_RETRY_LIMIT: '0',
    JOBS_RETRY_DELAY_SECONDS: '30',
    JOBS_POLL_INTERVAL_SECONDS: '0.5',
  });
  t.deepEqual(E.isRight(config) ? config.right.jobs : undefined, {
    workers: 4,
    retryLimit: 0,
    retryDelaySeconds: 30,
    pollIntervalSeconds: 0.5,
  });
});

test('a bad JOBS_* value is one line naming the variable', (t) => {
  const config = loadConfig({
    JOBS_WORKERS: '0',
    JOBS_RETRY_LIMIT: 'many',
    JOBS_RETRY_DELAY_SECONDS: '0',
    JOBS_POLL_INTERVAL_SECONDS: '0.1',
  });
  t.deepEqual(E.isLeft(config) ? [...config.left].sort() : [], [
    'JOBS_POLL_INTERVAL_SECONDS: expected a number of seconds from 0.5 to 600, got "0.1"',
    'JOBS_RETRY_DELAY_SECONDS: expected a whole number of seconds from 1 to 3600, got "0"',
    'JOBS_RETRY_LIMIT: expected a whole number from 0 to 100, got "many"',
    'JOBS_WORKERS: expected a whole number from 1 to 100, got "0"',
  ]);
});
