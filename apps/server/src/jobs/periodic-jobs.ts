import type { Container } from 'inversify';
import {
  EXPIRE_INVITATIONS_JOB,
  PRUNE_FEED_JOB,
  PRUNE_IDEMPOTENCY_KEYS_JOB,
  type ErrorTracker,
  type JobHandlers,
  type JobQueue,
  type Logger,
} from '@idv/core';
import type { AppConfig } from '../config/app-config.js';
import { TOKENS } from '../container/tokens.js';

/**
 * A job one instance of the fleet runs every so often. It lives on the durable queue under its
 * name, in a `stately` queue with its name as singleton key: one run waiting and one running across
 * the fleet, whichever instance's worker takes it. Each run re-enqueues the next with `startAfter`.
 */
export interface PeriodicJobEntry {
  /** The queue and singleton key (`payments.sweep`). */
  readonly name: string;
  /** How often it runs in this deployment, from the configuration; undefined: never by itself. */
  readonly everyMs: (config: AppConfig) => number | undefined;
  /** One run; a rejection is logged at error, reported to the error tracker, and the next run is scheduled all the same. */
  readonly run: (container: Container) => Promise<unknown>;
}

/**
 * The periodic jobs of the service. Adding one is one entry here (its name, its interval setting,
 * and what it runs); the server creates its queue, runs its worker and schedules its first run.
 */
export const PERIODIC_JOBS: readonly PeriodicJobEntry[] = [
  {
    name: 'payments.sweep',
    // Only while a provider is enabled: nothing can be pending otherwise.
    everyMs: (config) => (config.payments.enabledProviders.length > 0 ? config.payments.sweepIntervalSeconds * 1000 : undefined),
    run: (container) => container.get(TOKENS.PaymentSweepJob).runNow(),
  },
  {
    name: 'identity.sync-users',
    everyMs: (config) => (config.syncIntervalMinutes === undefined ? undefined : config.syncIntervalMinutes * 60_000),
    run: (container) => container.get(TOKENS.UserSyncJob).runNow(),
  },
  {
    // The pull feed keeps 30 days; an hourly prune is plenty.
    name: PRUNE_FEED_JOB,
    everyMs: () => 3_600_000,
    run: (container) => container.get(TOKENS.EventsPeriodicJobs)[PRUNE_FEED_JOB]!({}),
  },
  {
    // Invitations otherwise expire only when touched: a minute late at most, with `invitation.expired`.
    name: EXPIRE_INVITATIONS_JOB,
    everyMs: () => 60_000,
    run: (container) => container.get(TOKENS.EventsPeriodicJobs)[EXPIRE_INVITATIONS_JOB]!({}),
  },
  {
    // Idempotency keys live 24 hours; an hourly prune keeps the table to about a day of purchases.
    name: PRUNE_IDEMPOTENCY_KEYS_JOB,
    everyMs: () => 3_600_000,
    run: (container) => container.get(TOKENS.CommercePeriodicJobs)[PRUNE_IDEMPOTENCY_KEYS_JOB]!({}),
  },
];

/**
 * Retries of a periodic run interrupted by a crash (its lease runs out and pg-boss retries it): the
 * run itself never fails (it logs), so only a lost worker spends them.
 */
const PERIODIC_RETRY_LIMIT = 100;

/** What the periodic jobs need from the running server. */
export interface PeriodicJobsContext {
  readonly entries: readonly PeriodicJobEntry[];
  readonly config: AppConfig;
  readonly container: Container;
  readonly queue: JobQueue;
  readonly logger: Logger;
  readonly errorTracker: ErrorTracker;
}

const next = (queue: JobQueue, name: string, everyMs: number): Promise<void> =>
  queue.enqueue(name, {}, { singletonKey: name, startAfter: new Date(Date.now() + everyMs), retryLimit: PERIODIC_RETRY_LIMIT });

/**
 * The handlers of the periodic jobs: each runs its work, then enqueues its next run (a run whose
 * interval is now unset ends the chain). A failed run is logged and reported, never retried early.
 */
export const periodicJobHandlers = ({ entries, config, container, queue, logger, errorTracker }: PeriodicJobsContext): JobHandlers =>
  Object.fromEntries(
    entries.map((entry) => [
      entry.name,
      async () => {
        const everyMs = entry.everyMs(config);
        if (everyMs === undefined) return;
        try {
          await entry.run(container);
        } catch (error) {
          logger.error(
            { job: entry.name, err: error instanceof Error ? error.message : String(error) },
            'periodic job failed; the next run is scheduled',
          );
          errorTracker.captureException(error, { job: entry.name });
        }
        await next(queue, entry.name, everyMs);
      },
    ]),
  );

/**
 * Schedules the first run of every periodic job this deployment runs, one interval from now. Every
 * instance does it at start; the singleton key keeps one waiting run across the fleet.
 */
export const schedulePeriodicJobs = async ({
  entries,
  config,
  queue,
}: Pick<PeriodicJobsContext, 'entries' | 'config' | 'queue'>): Promise<void> => {
  for (const entry of entries) {
    const everyMs = entry.everyMs(config);
    if (everyMs !== undefined) await next(queue, entry.name, everyMs);
  }
};
