/**
 * A job an area runs while the server runs (on demand: the payment sweep, the user sync); the server
 * starts every one that has a timer of its own, and stops every one at close.
 */
export interface BackgroundJob {
  /** Starts its timer (timers never keep the process alive); absent for a job run only when asked. */
  start?(): void;
  /** Ends the timer, if any, and resolves once a run in progress has finished. */
  stop(): Promise<void>;
}
