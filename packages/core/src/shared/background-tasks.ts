/**
 * Runs work off the request path: `run` returns at once; the work's failure is logged at warn by
 * the adapter and never reaches the caller.
 */
export interface BackgroundTasks {
  /** Starts `work` (named `task` in logs) and returns at once. */
  run(task: string, work: () => Promise<void>): void;
}
