import test from 'ava';
import { onDemandJob } from './on-demand-job.js';

/** A run that stays open until the test finishes it. */
const held = () => {
  const finishes: ((value: number) => void)[] = [];
  const run = () => new Promise<number>((resolve) => finishes.push(resolve));
  return { run, finishes };
};

test('a run asked for during a run joins it; once it ends the next one is a new run', async (t) => {
  const runs = held();
  const job = onDemandJob(runs.run);
  const first = job.runNow();
  const joined = job.runNow();
  t.is(runs.finishes.length, 1, 'one run, joined');
  runs.finishes[0]!(1);
  t.deepEqual(await Promise.all([first, joined]), [1, 1]);
  const second = job.runNow();
  t.is(runs.finishes.length, 2);
  runs.finishes[1]!(2);
  t.is(await second, 2);
});

test('stop asks the run in progress to stop and resolves only once it has ended', async (t) => {
  const runs = held();
  const job = onDemandJob(runs.run);
  const running = job.runNow();
  t.false(job.stopRequested());
  let stopped = false;
  const stopping = job.stop().then(() => (stopped = true));
  t.true(job.stopRequested());
  await Promise.resolve();
  t.false(stopped);
  runs.finishes[0]!(1);
  await stopping;
  t.is(await running, 1);
});
