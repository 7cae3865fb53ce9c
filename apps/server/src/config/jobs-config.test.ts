import test from 'ava';
import { configOf, problemsOf } from './test-support/config-of.js';

const cases = [
  {
    title: 'default to 2 workers, 8 retries from 5 s, a poll every 2 s and a 15-minute lease',
    env: {},
    jobs: { workers: 2, retryLimit: 8, retryDelaySeconds: 5, pollIntervalSeconds: 2, leaseSeconds: 900 },
  },
  {
    title: 'are read, the poll interval down to pg-boss’s 0.5 s',
    env: {
      JOBS_WORKERS: '4',
      JOBS_RETRY_LIMIT: '0',
      JOBS_RETRY_DELAY_SECONDS: '30',
      JOBS_POLL_INTERVAL_SECONDS: '0.5',
      JOBS_LEASE_SECONDS: '5',
    },
    jobs: { workers: 4, retryLimit: 0, retryDelaySeconds: 30, pollIntervalSeconds: 0.5, leaseSeconds: 5 },
  },
] as const;

for (const { title, env, jobs } of cases) {
  test(`the JOBS_* settings ${title}`, (t) => {
    t.deepEqual(configOf(env).jobs, jobs);
  });
}

test('a bad JOBS_* value is one line naming the variable', (t) => {
  t.deepEqual(
    problemsOf({ JOBS_WORKERS: '0', JOBS_RETRY_LIMIT: 'many', JOBS_RETRY_DELAY_SECONDS: '0', JOBS_POLL_INTERVAL_SECONDS: '0.1' }),
    [
      'JOBS_POLL_INTERVAL_SECONDS: expected a number of seconds from 0.5 to 600, got "0.1"',
      'JOBS_RETRY_DELAY_SECONDS: expected a whole number of seconds from 1 to 3600, got "0"',
      'JOBS_RETRY_LIMIT: expected a whole number from 0 to 100, got "many"',
      'JOBS_WORKERS: expected a whole number from 1 to 100, got "0"',
    ],
  );
});
