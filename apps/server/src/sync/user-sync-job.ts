import type { Logger, SyncSummary, SyncUsers, SyncUsersOptions } from '@idv/core';
import { onDemandJob, type OnDemandJob } from '../jobs/on-demand-job.js';
import { summaryLine } from './summary-line.js';

/**
 * The server's user sync: one run at a time, on demand and every `SYNC_INTERVAL_MINUTES` as the
 * `identity.sync-users` entry of `PERIODIC_JOBS`. Its `stop` ends a running sync after its current page.
 */
export type UserSyncJob = OnDemandJob<Pick<SyncUsersOptions, 'onProgress'>, SyncSummary>;

/** What the job needs. */
export interface UserSyncJobOptions {
  readonly syncUsers: SyncUsers;
  readonly logger: Logger;
}

/**
 * The reconciliation with the provider as a job of the running server: never two runs at once, each
 * logging its summary; a failed run rejects (the periodic entry logs and reports it).
 *
 * @example
 * const job = userSyncJob({ syncUsers: identity.syncUsers, logger });
 * await job.runNow();
 * await job.stop();
 */
export const userSyncJob = ({ syncUsers, logger }: UserSyncJobOptions): UserSyncJob => {
  const job: UserSyncJob = onDemandJob(async (options: Pick<SyncUsersOptions, 'onProgress'> = {}): Promise<SyncSummary> => {
    const startedAt = Date.now();
    const result = await syncUsers({ ...options, stopRequested: (): boolean => job.stopRequested() })();
    // The use case has no Left: its failures are defects, thrown.
    if (result._tag === 'Left') throw new Error('user sync failed');
    const summary = result.right;
    logger.info({ ...summary, durationMs: Date.now() - startedAt }, `user sync: ${summaryLine(summary)}`);
    return summary;
  });
  return job;
};
