import test from 'ava';
import { periodicJob } from './periodic-job.js';

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('a job with an interval runs by itself only once started, and no more once stopped', async (t) => {
  let runs = 0;
  const job = periodicJob({ run: async () => (runs += 1), intervalMs: 1, onError: () => t.fail() });
  await tick(20);
  t.is(runs, 0, 'not started: runs only when asked');
  t.is(await job.runNow(), 1);
  job.start();
  await tick(20);
  t.true(runs > 1);
  await job.stop();
  const stoppedAt = runs;
  await tick(20);
  t.is(runs, stoppedAt);
  t.true(job.stopRequested());
});
