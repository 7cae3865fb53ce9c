import PgBoss from 'pg-boss';
import type { Logger } from '@idv/core';
import { DEAD_JOB_KEPT_DAYS, type JobSettings } from './job-settings.js';
import { JOB_SCHEMA, jobSchemaState, JobSchemaNotReady } from './job-schema.js';
import type { SqlExecutor } from './sql-executor.js';

/**
 * How a queue treats singleton keys. `standard`: a key makes the job's id (at most one job per key
 * while it is kept: one delivery per event and endpoint). `stately`: at most one job per key
 * waiting and one running (a periodic job re-enqueues its next run while it runs).
 */
export type QueuePolicy = 'standard' | 'stately';

const QUEUE_CREATION_ATTEMPTS = 5;
/** pg-boss's own maintenance period, kept unless the lease is shorter. */
const PG_BOSS_MAINTENANCE_SECONDS = 120;

// deadlock_detected, unique_violation, serialization_failure: another instance was creating the same queue.
const isConcurrentCreation = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && ['40P01', '23505', '40001'].includes(String((error as { code?: unknown }).code));

/** pg-boss started on the service's database, with the queues this process knows. */
export interface JobBoss {
  /** pg-boss itself (the queue, the workers and the admin use it; nothing else should). */
  readonly boss: PgBoss;
  readonly settings: JobSettings;
  readonly logger: Logger;
  /** The database the queue lives in (the admin reads it). */
  readonly executor: SqlExecutor;
  /** Creates the queues that do not exist yet (pg-boss 10 sends only to existing queues); idempotent. */
  ensureQueues(names: readonly string[], policy?: QueuePolicy): Promise<void>;
  /** The policy of an existing queue, read once per process; undefined when the queue does not exist. */
  policyOf(name: string): Promise<QueuePolicy | undefined>;
  /** Jobs due now or running, across every queue (what a test waits on to see follow-ups done). */
  dueOrRunning(): Promise<number>;
  /** Stops pg-boss's maintenance (the workers stop on their own, before). */
  stop(): Promise<void>;
}

/** What `openJobBoss` needs. */
export interface OpenJobBossOptions {
  /** The service's database (`Persistence.executeSql`), joining the caller's unit of work. */
  readonly executor: SqlExecutor;
  readonly settings: JobSettings;
  /** pg-boss's own errors (a maintenance run during a database outage) go here, at warn. */
  readonly logger: Logger;
  /**
   * Whether this process runs pg-boss's maintenance (expiring stuck jobs, retrying, archiving):
   * the server does (default); a script that only enqueues does not.
   */
  readonly maintain?: boolean;
}

/** A thrown value as log fields: its name and message (never a stack or a payload). */
export const errorFields = (error: unknown): Record<string, unknown> =>
  error instanceof Error ? { errorName: error.name, errorMessage: error.message } : { errorMessage: String(error) };

/**
 * Starts pg-boss on the service's database without touching its schema (`migrate: false`): a
 * missing or outdated schema rejects with `JobSchemaNotReady`, which names `npm run db:migrate`.
 * Failed (dead) jobs stay in the queue's table for `DEAD_JOB_KEPT_DAYS`, listed and retriable.
 */
export const openJobBoss = async ({ executor, settings, logger, maintain = true }: OpenJobBossOptions): Promise<JobBoss> => {
  const state = await jobSchemaState(executor);
  if (state !== 'current') throw new JobSchemaNotReady(state);
  const boss = new PgBoss({
    db: { executeSql: (text, values) => executor.executeSql(text, values) as Promise<{ rows: Record<string, unknown>[] }> },
    schema: JOB_SCHEMA,
    migrate: false,
    supervise: maintain,
    schedule: false,
    retryLimit: settings.retryLimit,
    retryDelay: settings.retryDelaySeconds,
    retryBackoff: true,
    // A job of a killed process stays active until its lease runs out; maintenance then retries it.
    expireInSeconds: settings.leaseSeconds,
    maintenanceIntervalSeconds: Math.min(PG_BOSS_MAINTENANCE_SECONDS, settings.leaseSeconds),
    archiveFailedAfterSeconds: DEAD_JOB_KEPT_DAYS * 24 * 60 * 60,
  });
  // Without a listener an 'error' event would throw; during an outage each maintenance run reports one.
  boss.on('error', (error: unknown) => logger.warn(errorFields(error), 'job queue error'));
  await boss.start();
  const policies = new Map<string, QueuePolicy>();
  const policyOf = async (name: string): Promise<QueuePolicy | undefined> => {
    const known = policies.get(name);
    if (known !== undefined) return known;
    const queue = await boss.getQueue(name);
    if (queue === null) return undefined;
    const policy: QueuePolicy = queue.policy === 'stately' ? 'stately' : 'standard';
    policies.set(name, policy);
    return policy;
  };
  // Instances starting together create the same queues at once: PostgreSQL may pick one of them as
  // a deadlock victim, or the other may win the insert. Either way the queue exists once the other
  // commits, so the loser reads it again (a bounded number of times) instead of failing start-up.
  const createQueueOnce = async (name: string, policy: QueuePolicy): Promise<void> => {
    for (let attempt = 1; ; attempt++) {
      if ((await policyOf(name)) !== undefined) return;
      try {
        await boss.createQueue(name, { name, policy });
        return;
      } catch (error) {
        if (attempt >= QUEUE_CREATION_ATTEMPTS || !isConcurrentCreation(error)) throw error;
      }
    }
  };
  return {
    boss,
    settings,
    logger,
    executor,
    ensureQueues: async (names, policy = 'standard') => {
      for (const name of names) await createQueueOnce(name, policy);
    },
    policyOf,
    dueOrRunning: async () => {
      const { rows } = await executor.executeSql(
        `select count(*)::int as n from ${JOB_SCHEMA}.job where (state in ('created', 'retry') and start_after <= now()) or state = 'active'`,
      );
      return Number(rows[0]?.['n'] ?? 0);
    },
    stop: () => boss.stop({ graceful: false, wait: true }),
  };
};
