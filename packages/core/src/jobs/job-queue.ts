/**
 * A job's payload: plain JSON, ids and small values only (never a credential, a national ID or a
 * secret; a device's push token, kept in the devices table too, goes to the job that reads its receipt).
 */
export type JobData = { readonly [key: string]: JobValue };
/** One value of a job's payload. */
export type JobValue = string | number | boolean | null | readonly JobValue[] | { readonly [key: string]: JobValue };

/** How one job is to be run. */
export interface JobOptions {
  /** Not before this moment (a periodic job re-enqueues itself with its next run). */
  readonly startAfter?: Date;
  /**
   * At most one job of this name with this key waiting or running, across the fleet: a second
   * enqueue with the same key while one exists is dropped (periodic singletons, one delivery per
   * event and endpoint).
   */
  readonly singletonKey?: string;
  /** Attempts after the first before the job is dead (the queue's default otherwise). */
  readonly retryLimit?: number;
}

/**
 * The durable queue of follow-ups. A job enqueued inside a unit of work is written in its
 * transaction, so it exists if and only if the write it follows committed; outside one it is
 * written at once. A job that fails is retried with backoff and ends dead, visible and retriable.
 */
export interface JobQueue {
  /** Enqueues one job named `name` (see the areas' job catalogues) with its payload. */
  enqueue(name: string, data: JobData, options?: JobOptions): Promise<void>;
}

/**
 * Runs one job's payload. It resolves when the work is done; a rejection is a failed attempt
 * (retried, then dead). A handler must be safe to run twice: a crash after the work and before the
 * queue records it runs it again.
 */
export type JobHandler = (data: unknown) => Promise<void>;

/** The jobs an area runs, by name. */
export type JobHandlers = Readonly<Record<string, JobHandler>>;
