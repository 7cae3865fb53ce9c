/** How the queue retries and polls, and how many jobs each queue runs at once (ARCHITECTURE §6: `JOBS_*`). */
export interface JobSettings {
  /** Jobs of one queue running at once in this process (`JOBS_WORKERS`). */
  readonly workers: number;
  /** Attempts after the first before a job is dead, unless the job says otherwise (`JOBS_RETRY_LIMIT`). */
  readonly retryLimit: number;
  /** The first retry's delay; each further one doubles it, with jitter (`JOBS_RETRY_DELAY_SECONDS`). */
  readonly retryDelaySeconds: number;
  /** How often an idle worker asks for a job (`JOBS_POLL_INTERVAL_SECONDS`, at least 0.5). */
  readonly pollIntervalSeconds: number;
  /**
   * How long a job may stay running before it is taken as abandoned (its process died: a kill -9, a
   * lost machine) and retried (`JOBS_LEASE_SECONDS`). Keep it above the longest job: a delivery
   * takes at most its 15 s timeout. pg-boss's maintenance, which does the taking, runs at least this often.
   */
  readonly leaseSeconds: number;
}

/** The defaults of the `JOBS_*` settings. */
export const DEFAULT_JOB_SETTINGS: JobSettings = {
  workers: 2,
  retryLimit: 8,
  retryDelaySeconds: 5,
  pollIntervalSeconds: 2,
  leaseSeconds: 900,
};

/** How long a dead (failed) job stays in the queue's table, listed and retriable, before it is archived. */
export const DEAD_JOB_KEPT_DAYS = 30;
