import type { JobData, JobHandlers, JobOptions, JobQueue } from '../jobs/job-queue.js';

/** One job as enqueued. */
export interface RecordedJob {
  readonly name: string;
  readonly data: JobData;
  readonly options: JobOptions;
}

/**
 * Keeps every job enqueued, in order, so a test can read them (`enqueued`) and run them through
 * the areas' handlers (`drain`), as the durable queue's workers would.
 */
export class RecordingJobQueue implements JobQueue {
  /** Every job enqueued so far, in order (drained ones included). */
  readonly enqueued: RecordedJob[] = [];
  private readonly waiting: RecordedJob[] = [];

  enqueue(name: string, data: JobData, options: JobOptions = {}): Promise<void> {
    const job = { name, data, options };
    this.enqueued.push(job);
    this.waiting.push(job);
    return Promise.resolve();
  }

  /** The names of the jobs enqueued so far, in order. */
  names(): string[] {
    return this.enqueued.map((job) => job.name);
  }

  /**
   * Runs every waiting job (and any it enqueues) through `handlers`, in order; a job with no handler
   * or a failing one rejects, as a dead job would be a finding. Resolves with the jobs it ran.
   */
  async drain(handlers: JobHandlers): Promise<RecordedJob[]> {
    const ran: RecordedJob[] = [];
    for (let job = this.waiting.shift(); job !== undefined; job = this.waiting.shift()) {
      const handler = handlers[job.name];
      if (handler === undefined) throw new Error(`no handler for job ${job.name}`);
      await handler(job.data);
      ran.push(job);
    }
    return ran;
  }
}
