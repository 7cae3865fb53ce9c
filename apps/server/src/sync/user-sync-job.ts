import type { ErrorTracker, Logger, SyncSummary, SyncUsers, SyncUsersOptions } from '@idv/core';
import type { BackgroundJob } from '../jobs/background-job.js';
import { periodicJob, type PeriodicJob } from '../jobs/periodic-job.js';
import { summaryLine } from './summary-line.js';

/** The server's user sync: runs on demand and, once started with an interval, periodically. */
export interface UserSyncJob extends BackgroundJob {
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
 * The reconciliation with the provider as a job of the running server. Never two runs at once; a failed
 * run is logged and reported and the schedule goes on; timers never keep the process alive.
 *
 * @example
 * const job = userSyncJob({ syncUsers: identity.syncUsers, logger, errorTracker, intervalMs: 60 * 60_000 });
 * job.start();
 * await job.stop();
 */
export const userSyncJob = ({ syncUsers, logger, errorTracker, intervalMs }: UserSyncJobOptions): UserSyncJob => {
  const job: PeriodicJob<Pick<SyncUsersOptions, 'onProgress'>, SyncSummary> = periodicJob<
    Pick<SyncUsersOptions, 'onProgress'>,
    SyncSummary
  >({
    run: async (options = {}): Promise<SyncSummary> => {
      const startedAt = Date.now();
      const result = await syncUsers({ ...options, stopRequested: (): boolean => job.stopRequested() })();
      // The use case has no Left: its failures are defects, thrown.
      if (result._tag === 'Left') throw new Error('user sync failed');
      const summary = result.right;
      logger.info({ ...summary, durationMs: Date.now() - startedAt }, `user sync: ${summaryLine(summary)}`);
      return summary;
    },
    ...(intervalMs === undefined ? {} : { intervalMs }),
    onError: (error) => {
      logger.error({ err: error instanceof Error ? error.message : String(error) }, 'user sync failed; the next run is scheduled');
      errorTracker.captureException(error, { job: 'user-sync' });
    },
  });
  return { runNow: job.runNow, start: job.start, stop: job.stop };
};
