import test from 'ava';
import * as TE from 'fp-ts/lib/TaskEither.js';
import type { SyncSummary, SyncUsers, SyncUsersOptions } from '@idv/core';
import { RecordingLogger } from '@idv/core/testing';
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

test('never two syncs at once: one asked for during a run joins it; a failed run rejects, a finished one logs its summary', async (t) => {
  const sync = heldSync();
  const logger = new RecordingLogger();
  const job = userSyncJob({ syncUsers: sync.syncUsers, logger });
  t.is(sync.runs.length, 0, 'runs only when asked');
  const first = job.runNow();
  await sync.started(1);
  const joined = job.runNow();
  await Promise.resolve();
  t.is(sync.runs.length, 1, 'runNow during a run joins it');
  sync.runs[0]!.finish(new Error('provider down'));
  await t.throwsAsync(first, { message: 'provider down' });
  await t.throwsAsync(joined, { message: 'provider down' });
  const second = job.runNow();
  await sync.started(2);
  sync.runs[1]!.finish(SUMMARY);
  t.deepEqual(await second, SUMMARY);
  t.like(logger.at('info')[0], {
    message: 'user sync: created 1, updated 0, deleted 0, invitations accepted 0, unchanged 4',
    fields: { created: 1, unchanged: 4 },
  });
});

test('stop asks the running sync to stop between pages and waits for it; nothing runs after', async (t) => {
  const sync = heldSync();
  const job = userSyncJob({ syncUsers: sync.syncUsers, logger: new RecordingLogger() });
  const running = job.runNow();
  await sync.started(1);
  let stopped = false;
  const stopping = job.stop().then(() => (stopped = true));
  t.true(sync.runs[0]!.options.stopRequested?.());
  await Promise.resolve();
  t.false(stopped);
  sync.runs[0]!.finish({ ...SUMMARY, stopped: true });
  await stopping;
  t.deepEqual(await running, { ...SUMMARY, stopped: true });
  t.is(sync.runs.length, 1);
});
