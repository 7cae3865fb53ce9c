/** A job an area runs in the background while the server runs; the server starts and stops every one. */
export interface BackgroundJob {
  /** Starts the schedule (timers never keep the process alive). */
  start(): void;
  /** Ends the schedule and resolves once a run in progress has finished. */
  stop(): Promise<void>;
}
