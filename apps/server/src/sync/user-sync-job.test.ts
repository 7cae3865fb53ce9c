import test from 'ava';
import * as TE from 'fp-ts/lib/TaskEither.js';
import type { SyncSummary, SyncUsers, SyncUsersOptions } from '@idv/core';
import { RecordingErrorTracker, RecordingLogger } from '@idv/core/testing';
import { userSyncJob } from './user-sync-job.js';

const SUMMARY: SyncSummary = { created: 1, updated: 0, deleted: 0, invitationsAccepted: 0, unchanged: 4, stopped: false };

/** A syncUsers whose runs stay open until the test settles them, one by one. */
const heldSync = () => {
  const runs: { options: SyncUsersOptions; finish: (outcome: SyncSummary | Error) => void }[] = [];
  const waiters: (() => void)[] = [];
  const syncUsers: SyncUsers = (options = {}) =>
    TE.fromTask(
      () =>
        new Promise<SyncSummary>((resolve, reject) => {
          runs.push({ options, finish: (outcome) => (outcome instanceof Error ? reject(outcome) : resolve(outcome)) });
          waiters.splice(0).forEach((wake) => wake());
        }),
    );
  /** Resolves once `count` runs have started. */
  const started = (count: number): Promise<void> =>
    runs.length >= count ? Promise.resolve() : new Promise((resolve) => waiters.push(() => void started(count).then(resolve)));
  return { syncUsers, runs, started };
};

test('once started with an interval the job runs by itself, again after a failed run (logged and reported), never two at once', async (t) => {
  const sync = heldSync();
  const logger = new RecordingLogger();
  const errorTracker = new RecordingErrorTracker();
  // The job's timers never hold the process open (unref), so the test holds it while it waits.
  const keepAlive = setInterval(() => undefined, 60_000);
  t.teardown(() => clearInterval(keepAlive));
  const job = userSyncJob({ syncUsers: sync.syncUsers, logger, errorTracker, intervalMs: 1 });
  job.start();
  await sync.started(1);
  const joined = job.runNow();
  await Promise.resolve();
  t.is(sync.runs.length, 1, 'runNow during a run joins it');
  sync.runs[0]!.finish(new Error('provider down'));
  await t.throwsAsync(joined, { message: 'provider down' });
  await sync.started(2);
  t.like(logger.at('error')[0], { message: 'user sync failed; the next run is scheduled', fields: { err: 'provider down' } });
  t.is(errorTracker.captured.length, 1);
  sync.runs[1]!.finish(SUMMARY);
  await sync.started(3);
  t.like(logger.at('info')[0], {
    message: 'user sync: created 1, updated 0, deleted 0, invitations accepted 0, unchanged 4',
    fields: { created: 1, unchanged: 4 },
  });

  // stop() asks the running sync to stop between pages and waits for it; nothing runs after.
  let stopped = false;
  const stopping = job.stop().then(() => (stopped = true));
  t.true(sync.runs[2]!.options.stopRequested?.());
  await Promise.resolve();
  t.false(stopped);
  sync.runs[2]!.finish({ ...SUMMARY, stopped: true });
  await stopping;
  t.is(sync.runs.length, 3);
});

test('without an interval the job runs only when asked', async (t) => {
  const sync = heldSync();
  const job = userSyncJob({ syncUsers: sync.syncUsers, logger: new RecordingLogger(), errorTracker: new RecordingErrorTracker() });
  job.start();
  t.is(sync.runs.length, 0);
  const running = job.runNow();
  await sync.started(1);
  sync.runs[0]!.finish(SUMMARY);
  t.deepEqual(await running, SUMMARY);
  await job.stop();
  t.is(sync.runs.length, 1);
});
