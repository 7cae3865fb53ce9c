/**
 * A job of the running server that runs when asked (a tool, a test, or its `PERIODIC_JOBS` entry on
 * the durable queue, which schedules it across the fleet); the server stops it at close.
 */
export interface OnDemandJob<Input, Result> {
  /** Runs once now, or joins the run already in progress; rejects when it fails. */
  runNow(input?: Input): Promise<Result>;
  /** Whether `stop` was asked (a long run checks it between steps). */
  stopRequested(): boolean;
  /** Asks a run in progress to stop (see `stopRequested`) and resolves once it has ended. */
  stop(): Promise<void>;
}

/**
 * Wraps `run` so that two runs never overlap: a run asked for meanwhile joins the one in progress.
 *
 * @example
 * const job = onDemandJob((_input?: void) => payments.sweepPayments());
 * await job.runNow();
 * await job.stop();
 */
export const onDemandJob = <Input, Result>(run: (input: Input | undefined) => Promise<Result>): OnDemandJob<Input, Result> => {
  let running: Promise<Result> | undefined;
  let stopping = false;
  return {
    runNow: (input?: Input): Promise<Result> => {
      if (running !== undefined) return running;
      const current = run(input).finally(() => {
        running = undefined;
      });
      running = current;
      return current;
    },
    stopRequested: () => stopping,
    stop: async () => {
      stopping = true;
      await running?.catch(() => undefined);
    },
  };
};
