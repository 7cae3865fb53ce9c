import type { JobHandler, JobHandlers } from '@idv/core';
import { errorFields, type JobBoss, type QueuePolicy } from './job-boss.js';

/** The running workers of every queue; `stop` is the server's shutdown step. */
export interface JobWorkers {
  /**
   * Stops taking jobs, waits for the running ones up to `graceSeconds`, and hands back to the
   * queue any still running then (failed as interrupted, so they are retried).
   */
  stop(graceSeconds: number): Promise<void>;
}

/** What `startJobWorkers` needs besides the handlers. */
export interface StartJobWorkersOptions {
  /** Queues created with the `stately` policy (periodic singletons); the others are `standard`. */
  readonly stately?: readonly string[];
  /** Told of every failed attempt, by queue (operators' metrics). */
  readonly onFailure?: (queue: string) => void;
  /** Jobs of these queues running at once, instead of `JOBS_WORKERS` (queues whose jobs mostly wait on others, as deliveries do). */
  readonly workersOf?: Readonly<Record<string, number>>;
}

/**
 * The poll right after a fetch that found jobs: a stream of follow-ups (200 events a second) is taken
 * within this, not within the idle interval; empty polls double it back up to `JOBS_POLL_INTERVAL_SECONDS`.
 */
const BUSY_POLL_MS = 50;

interface Fetched {
  readonly id: string;
  readonly data: unknown;
  readonly retryCount?: number;
}

// A wait that `wake` ends early (a stop, or a slot freed while every slot was busy).
const wakeable = () => {
  let wake = () => undefined as void;
  return {
    wait: (ms: number) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      }),
    wake: () => wake(),
  };
};

/**
 * Records completions in batches: an id waits while one `complete` is in flight and goes with the
 * next, so a busy queue spends one round trip on many jobs instead of one each.
 */
const completionBatcher = (complete: (ids: string[]) => Promise<unknown>) => {
  let waiting: { id: string; done: (error?: unknown) => void }[] = [];
  let flushing = false;
  const flush = async (): Promise<void> => {
    flushing = true;
    while (waiting.length > 0) {
      const batch = waiting;
      waiting = [];
      try {
        await complete(batch.map(({ id }) => id));
        for (const { done } of batch) done();
      } catch (error) {
        for (const { done } of batch) done(error);
      }
    }
    flushing = false;
  };
  return (id: string): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      waiting.push({ id, done: (error) => (error === undefined ? resolve() : reject(error as Error)) });
      if (!flushing) void flush();
    });
};

/**
 * One queue's loop: fetches up to its free slots (`JOBS_WORKERS`), runs each job's handler, and
 * records the outcome, awaited and caught (a database outage is logged, never an unhandled
 * rejection: the job's lease then runs out and pg-boss retries it). It polls every `BUSY_POLL_MS`
 * while jobs come, and every `JOBS_POLL_INTERVAL_SECONDS` once idle.
 */
const runQueue = (jobs: JobBoss, name: string, handler: JobHandler, workers: number, onFailure?: (queue: string) => void) => {
  const { boss, logger } = jobs;
  const settings = { ...jobs.settings, workers };
  const complete = completionBatcher((ids) => boss.complete(name, ids));
  const running = new Map<string, Promise<void>>();
  const sleeper = wakeable();
  let stopping = false;
  let fetchFailing = false;
  const idlePollMs = settings.pollIntervalSeconds * 1000;
  let pollMs = idlePollMs;

  const runJob = async (job: Fetched): Promise<void> => {
    try {
      await handler(job.data);
    } catch (error) {
      onFailure?.(name);
      logger.warn({ queue: name, jobId: job.id, attempt: (job.retryCount ?? 0) + 1, ...errorFields(error) }, 'job failed');
      // The message only (no stack) is kept with the job, for `npm run jobs list-dead`.
      const output = { message: error instanceof Error ? error.message : String(error) };
      await boss
        .fail(name, job.id, output)
        .catch((failError: unknown) => logger.warn({ queue: name, jobId: job.id, ...errorFields(failError) }, 'job failure not recorded'));
      return;
    }
    logger.debug({ queue: name, jobId: job.id }, 'job completed');
    await complete(job.id).catch((error: unknown) =>
      logger.warn({ queue: name, jobId: job.id, ...errorFields(error) }, 'job completion not recorded'),
    );
  };

  const loop = async (): Promise<void> => {
    while (!stopping) {
      const free = settings.workers - running.size;
      let fetched: Fetched[] = [];
      if (free > 0) {
        try {
          fetched = (await boss.fetch(name, { batchSize: free, includeMetadata: true })) as Fetched[];
          if (fetchFailing) logger.info({ queue: name }, 'job fetch recovered');
          fetchFailing = false;
        } catch (error) {
          // Once per outage, not once per poll.
          if (!fetchFailing) logger.warn({ queue: name, ...errorFields(error) }, 'job fetch failed');
          fetchFailing = true;
        }
      }
      for (const job of fetched) {
        if (stopping) break;
        const run = runJob(job).finally(() => {
          running.delete(job.id);
          sleeper.wake();
        });
        running.set(job.id, run);
      }
      // A full batch may mean more are waiting: ask again at once. A queue that just had jobs is likely
      // to get more soon: its next poll comes early, and slows down to the idle interval as polls come back empty.
      if (free > 0) pollMs = fetched.length > 0 ? BUSY_POLL_MS : Math.min(pollMs * 2, idlePollMs);
      if (fetched.length === 0 || fetched.length < free) await sleeper.wait(pollMs);
    }
  };
  const looping = loop();

  return {
    stop: async (graceMs: number): Promise<void> => {
      stopping = true;
      sleeper.wake();
      await looping;
      let timer: NodeJS.Timeout | undefined;
      const graceOver = new Promise<'grace over'>((resolve) => {
        timer = setTimeout(() => resolve('grace over'), graceMs);
      });
      const outcome = await Promise.race([Promise.all(running.values()).then(() => 'finished' as const), graceOver]);
      clearTimeout(timer);
      if (outcome === 'grace over' && running.size > 0) {
        const ids = [...running.keys()];
        logger.warn({ queue: name, jobs: ids.length }, 'jobs still running at shutdown handed back for a retry');
        for (const id of ids) {
          await boss
            .fail(name, id, { message: 'interrupted by shutdown' })
            .catch((error: unknown) => logger.warn({ queue: name, jobId: id, ...errorFields(error) }, 'job failure not recorded'));
        }
      }
    },
  };
};

/**
 * Creates the queue of every handler (stately ones as told) and runs each with `JOBS_WORKERS`
 * jobs at a time, polling every `JOBS_POLL_INTERVAL_SECONDS` when idle.
 *
 * @example
 * const workers = await startJobWorkers(jobs, { ...identityJobHandlers(ports) }, { stately: ['payments.sweep'] });
 * // at shutdown
 * await workers.stop(config.shutdownGraceSeconds);
 */
export const startJobWorkers = async (jobs: JobBoss, handlers: JobHandlers, options: StartJobWorkersOptions = {}): Promise<JobWorkers> => {
  const stately = new Set(options.stately ?? []);
  const names = Object.keys(handlers);
  const policyFor = (name: string): QueuePolicy => (stately.has(name) ? 'stately' : 'standard');
  for (const name of names) await jobs.ensureQueues([name], policyFor(name));
  const queues = names.map((name) =>
    runQueue(jobs, name, handlers[name]!, options.workersOf?.[name] ?? jobs.settings.workers, options.onFailure),
  );
  return {
    stop: async (graceSeconds) => {
      await Promise.all(queues.map((queue) => queue.stop(graceSeconds * 1000)));
    },
  };
};
