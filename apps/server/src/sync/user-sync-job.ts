import type { ErrorTracker, Logger, SyncSummary, SyncUsers, SyncUsersOptions } from '@idv/core';
import { summaryLine } from './summary-line.js';

/** The server's user sync: runs on demand and, with an interval, periodically. */
export interface UserSyncJob {
  /** Runs one sync now, or joins the one already running; rejects when it fails. */
  runNow(options?: Pick<SyncUsersOptions, 'onProgress'>): Promise<SyncSummary>;
  /** Stops the schedule; a running sync stops after its current page. Resolves once it has. */
  stop(): Promise<void>;
}

/** What the job needs. */
export interface UserSyncJobOptions {
  readonly syncUsers: SyncUsers;
  readonly logger: Logger;
  readonly errorTracker: ErrorTracker;
  /** `SYNC_INTERVAL_MINUTES`, in milliseconds; without it the job never runs by itself. */
  readonly intervalMs?: number;
}

/**
 * Issue #12: the reconciliation as a job of the running server. Never two runs at once; a failed
 * run is logged and reported and the schedule goes on; timers never keep the process alive.
 *
 * @example
 * const job = startUserSyncJob({ syncUsers: identity.syncUsers, logger, errorTracker, intervalMs: 60 * 60_000 });
 * await job.stop();
 */
export const startUserSyncJob = ({ syncUsers, logger, errorTracker, intervalMs }: UserSyncJobOptions): UserSyncJob => {
  let running: Promise<SyncSummary> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopping = false;

  const runNow = (options: Pick<SyncUsersOptions, 'onProgress'> = {}): Promise<SyncSummary> => {
    if (running !== undefined) return running;
    const startedAt = Date.now();
    const run = (async () => {
      try {
        const result = await syncUsers({ ...options, stopRequested: () => stopping })();
        // The use case has no Left: its failures are defects, thrown.
        if (result._tag === 'Left') throw new Error('user sync failed');
        const summary = result.right;
        logger.info({ ...summary, durationMs: Date.now() - startedAt }, `user sync: ${summaryLine(summary)}`);
        return summary;
      } finally {
        running = undefined;
      }
    })();
    running = run;
    return run;
  };

  const schedule = (): void => {
    if (intervalMs === undefined || stopping) return;
    timer = setTimeout(() => {
      runNow()
        .catch((error: unknown) => {
          logger.error({ err: error instanceof Error ? error.message : String(error) }, 'user sync failed; the next run is scheduled');
          errorTracker.captureException(error, { job: 'user-sync' });
        })
        .finally(schedule);
    }, intervalMs);
    timer.unref();
  };
  schedule();

  return {
    runNow,
    stop: async () => {
      stopping = true;
      if (timer !== undefined) clearTimeout(timer);
      await running?.catch(() => undefined);
    },
  };
};
