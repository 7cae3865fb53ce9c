import type { Container } from 'inversify';
import { DELIVER_JOB, type JobHandlers, type Logger } from '@idv/core';
import { createJobAdmin, startJobWorkers, type JobBoss } from '@idv/adapters-jobs';
import type { PrometheusMetrics } from '@idv/adapters-observability';
import type { AppConfig } from '../config/app-config.js';
import { TOKENS } from '../container/tokens.js';
import { PERIODIC_JOBS, periodicJobHandlers, schedulePeriodicJobs } from './periodic-jobs.js';

/**
 * Deliveries one instance runs at once, at least (`JOBS_WORKERS` when higher): a delivery waits on
 * someone else's endpoint, up to its 15 s timeout, so a few slow endpoints must not hold every
 * organization's events; and the throughput of a queue is its concurrency over the round trips each job spends.
 */
const DELIVERY_WORKERS = 16;

/** The running job workers of one instance. */
export interface JobRuntime {
  /** Stops taking jobs; running ones get `graceSeconds`, then go back to the queue. */
  stop(graceSeconds: number): Promise<void>;
  /** Resolves once no job is due or running (tests and tools), or rejects after `deadlineMs`. */
  settled(deadlineMs?: number): Promise<void>;
}

/** What the job workers need from the starting server. */
export interface JobRuntimeContext {
  readonly jobs: JobBoss;
  readonly container: Container;
  readonly config: AppConfig;
  readonly logger: Logger;
  readonly metrics: PrometheusMetrics | undefined;
}

/**
 * Starts one worker set per queue for every area's handlers (`TOKENS.JobHandlers`) and the periodic
 * jobs, counts failures and reads the queue's figures at each scrape, and schedules the periodic
 * jobs' first runs (the singleton key keeps one per fleet).
 */
export const startJobRuntime = async ({ jobs, container, config, logger, metrics }: JobRuntimeContext): Promise<JobRuntime> => {
  const periodic = {
    entries: PERIODIC_JOBS,
    config,
    container,
    queue: container.get(TOKENS.JobQueue),
    logger,
    errorTracker: container.get(TOKENS.ErrorTracker),
  };
  const handlers = Object.assign(
    {},
    ...container.getAll(TOKENS.JobHandlers, { optional: true }),
    periodicJobHandlers(periodic),
  ) as JobHandlers;
  const workers = await startJobWorkers(jobs, handlers, {
    stately: PERIODIC_JOBS.map((entry) => entry.name),
    workersOf: { [DELIVER_JOB]: Math.max(config.jobs.workers, DELIVERY_WORKERS) },
    ...(metrics === undefined ? {} : { onFailure: (queue: string) => metrics.jobFailure(queue) }),
  });
  if (metrics !== undefined) {
    const admin = createJobAdmin(jobs);
    metrics.observeJobs(() => admin.stats());
  }
  await schedulePeriodicJobs(periodic);
  return {
    stop: (graceSeconds) => workers.stop(graceSeconds),
    // Polls the queue (truly async: the workers run on their own timers) within a bounded deadline.
    settled: async (deadlineMs = 30_000) => {
      const until = Date.now() + deadlineMs;
      while ((await jobs.dueOrRunning()) > 0) {
        if (Date.now() > until) throw new Error(`jobs still due or running after ${deadlineMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
};
