import test from 'ava';
import { Container } from 'inversify';
import { RecordingErrorTracker, RecordingJobQueue, RecordingLogger } from '@idv/core/testing';
import type { AppConfig } from '../config/app-config.js';
import { periodicJobHandlers, schedulePeriodicJobs, type PeriodicJobEntry } from './periodic-jobs.js';

// The entries read no setting, so an empty configuration stands in for the deployment's.
const config = {} as AppConfig;

const world = (entries: readonly PeriodicJobEntry[]) => {
  const queue = new RecordingJobQueue();
  const logger = new RecordingLogger();
  const errorTracker = new RecordingErrorTracker();
  const handlers = periodicJobHandlers({ entries, config, container: new Container(), queue, logger, errorTracker });
  return { queue, logger, errorTracker, handlers };
};

test('a failed periodic run is logged at error and reported, and its next run is scheduled all the same', async (t) => {
  const { queue, logger, errorTracker, handlers } = world([
    { name: 'test.failing', everyMs: () => 60_000, run: () => Promise.reject(new Error('provider down')) },
  ]);
  const before = Date.now();
  await handlers['test.failing']!({});
  t.like(logger.at('error')[0], {
    message: 'periodic job failed; the next run is scheduled',
    fields: { job: 'test.failing', err: 'provider down' },
  });
  t.deepEqual(errorTracker.capturedContexts, [{ job: 'test.failing' }]);
  t.deepEqual(queue.names(), ['test.failing']);
  const next = queue.enqueued[0]!.options;
  t.is(next.singletonKey, 'test.failing');
  t.true(next.startAfter !== undefined && next.startAfter.getTime() >= before + 60_000, 'one interval from now');
});

test('an entry without an interval in this deployment neither runs nor schedules, at start or from a run', async (t) => {
  let runs = 0;
  const entries: PeriodicJobEntry[] = [
    { name: 'test.off', everyMs: () => undefined, run: async () => (runs += 1) },
    { name: 'test.on', everyMs: () => 1_000, run: async () => (runs += 1) },
  ];
  const { queue, handlers, errorTracker } = world(entries);
  await schedulePeriodicJobs({ entries, config, queue });
  t.deepEqual(queue.names(), ['test.on']);
  await handlers['test.off']!({});
  t.is(runs, 0);
  t.deepEqual(queue.names(), ['test.on']);
  await handlers['test.on']!({});
  t.is(runs, 1);
  t.deepEqual(queue.names(), ['test.on', 'test.on']);
  t.deepEqual(errorTracker.captured, []);
});
