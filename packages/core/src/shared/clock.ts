/** Where the current time comes from, so that use cases stay deterministic under test. */
export interface Clock {
  /** The current time. */
  now(): Date;
}
