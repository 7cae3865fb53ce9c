import { DEFAULT_JOB_SETTINGS, type JobSettings } from '@idv/adapters-jobs';

/** The durable job queue's settings (`JOBS_*`); the same shape as the queue adapter's. */
export type JobsConfig = JobSettings;

/** The variables `jobsConfig` reads, already decoded. */
export interface JobsEnv {
  readonly JOBS_WORKERS?: number;
  readonly JOBS_RETRY_LIMIT?: number;
  readonly JOBS_RETRY_DELAY_SECONDS?: number;
  readonly JOBS_POLL_INTERVAL_SECONDS?: number;
  readonly JOBS_LEASE_SECONDS?: number;
}

/**
 * The job queue's settings from the decoded environment, each defaulting as the README's table says.
 *
 * @example
 * jobsConfig({ JOBS_WORKERS: 4 }); // { workers: 4, retryLimit: 8, retryDelaySeconds: 5, pollIntervalSeconds: 2, leaseSeconds: 900 }
 */
export const jobsConfig = (env: JobsEnv): JobsConfig => ({
  workers: env.JOBS_WORKERS ?? DEFAULT_JOB_SETTINGS.workers,
  retryLimit: env.JOBS_RETRY_LIMIT ?? DEFAULT_JOB_SETTINGS.retryLimit,
  retryDelaySeconds: env.JOBS_RETRY_DELAY_SECONDS ?? DEFAULT_JOB_SETTINGS.retryDelaySeconds,
  pollIntervalSeconds: env.JOBS_POLL_INTERVAL_SECONDS ?? DEFAULT_JOB_SETTINGS.pollIntervalSeconds,
  leaseSeconds: env.JOBS_LEASE_SECONDS ?? DEFAULT_JOB_SETTINGS.leaseSeconds,
});
