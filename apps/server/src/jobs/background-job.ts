/**
 * A job an area runs on demand while the server runs (the payment sweep, the user sync); the server
 * stops every one at close.
 */
export interface BackgroundJob {
  /** Resolves once a run in progress has finished. */
  stop(): Promise<void>;
}
