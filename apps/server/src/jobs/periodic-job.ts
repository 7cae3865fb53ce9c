import type { BackgroundJob } from './background-job.js';

/** A background job of the running server: on demand and, once started with an interval, periodically. */
export interface PeriodicJob<Input, Result> extends BackgroundJob {
  /** Runs once now, or joins the run already in progress; rejects when it fails. */
  runNow(input?: Input): Promise<Result>;
  /** Whether `stop` was asked (a long run checks it between steps). */
  stopRequested(): boolean;
}

/** What a periodic job runs and how. */
export interface PeriodicJobOptions<Input, Result> {
  readonly run: (input: Input | undefined) => Promise<Result>;
  /** Without it the job runs only when asked. */
  readonly intervalMs?: number;
  /** A scheduled run that failed (the schedule goes on). */
  readonly onError: (error: unknown) => void;
}

/**
 * Once started, runs `run` every `intervalMs` after the previous run ended, never two at once (a run
 * asked for meanwhile joins the one in progress), a failed run reported and the schedule kept; timers
 * never keep the process alive; `stop` cancels the schedule and waits for the run in progress.
 *
 * @example
 * const job = periodicJob({ run: () => payments.sweepPayments(), intervalMs: 60_000, onError: (e) => logger.error({ e }, 'failed') });
 * job.start();
 * await job.stop();
 */
export const periodicJob = <Input, Result>({ run, intervalMs, onError }: PeriodicJobOptions<Input, Result>): PeriodicJob<Input, Result> => {
  let running: Promise<Result> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopping = false;

  const runNow = (input?: Input): Promise<Result> => {
    if (running !== undefined) return running;
    const current = run(input).finally(() => {
      running = undefined;
    });
    running = current;
    return current;
  };

  const schedule = (): void => {
    if (intervalMs === undefined || stopping) return;
    timer = setTimeout(() => {
      runNow().catch(onError).finally(schedule);
    }, intervalMs);
    timer.unref();
  };

  return {
    runNow,
    stopRequested: () => stopping,
    start: schedule,
    stop: async () => {
      stopping = true;
      if (timer !== undefined) clearTimeout(timer);
      await running?.catch(() => undefined);
    },
  };
};
