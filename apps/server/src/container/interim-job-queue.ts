import { ContainerModule, type ResolutionContext } from 'inversify';
import type { JobData, JobHandler, JobHandlers, JobOptions, JobQueue, Logger } from '@idv/core';
import { TOKENS } from './tokens.js';

const FIRST_RUN_AFTER_MS = 20;
const ATTEMPTS = 6;

/**
 * An in-process stand-in for the durable queue, until the pg-boss queue is wired: each job runs on
 * a timer (unref'd) no sooner than its `startAfter`, through every area's `TOKENS.JobHandlers`; a
 * failure is retried with backoff a few times, then logged. Jobs are lost with the process.
 */
class InterimJobQueue implements JobQueue {
  private handlers: JobHandlers | undefined;
  private readonly singletons = new Set<string>();

  constructor(
    private readonly handlersOf: () => JobHandlers,
    private readonly logger: Logger,
  ) {}

  enqueue(name: string, data: JobData, options: JobOptions = {}): Promise<void> {
    const key = options.singletonKey === undefined ? undefined : `${name}\u0000${options.singletonKey}`;
    if (key !== undefined && this.singletons.has(key)) return Promise.resolve();
    if (key !== undefined) this.singletons.add(key);
    const delay = Math.max(FIRST_RUN_AFTER_MS, (options.startAfter?.getTime() ?? 0) - Date.now());
    this.schedule(name, data, delay, 1, key);
    return Promise.resolve();
  }

  private schedule(name: string, data: JobData, delayMs: number, attempt: number, key: string | undefined): void {
    setTimeout(() => void this.run(name, data, attempt, key), delayMs).unref();
  }

  private async run(name: string, data: JobData, attempt: number, key: string | undefined): Promise<void> {
    this.handlers ??= this.handlersOf();
    const handler: JobHandler | undefined = this.handlers[name];
    try {
      if (handler === undefined) throw new Error(`no handler for job ${name}`);
      await handler(data);
      if (key !== undefined) this.singletons.delete(key);
    } catch (error) {
      if (attempt < ATTEMPTS) return this.schedule(name, data, 50 * 2 ** attempt, attempt + 1, key);
      if (key !== undefined) this.singletons.delete(key);
      this.logger.error({ job: name, err: error instanceof Error ? error.message : String(error) }, 'job failed for good');
    }
  }
}

/** Binds the interim in-process job queue under `TOKENS.JobQueue`. */
export const interimJobQueueModule = (): ContainerModule =>
  new ContainerModule(({ bind }) => {
    bind(TOKENS.JobQueue)
      .toDynamicValue(
        (context: ResolutionContext) =>
          new InterimJobQueue(
            () => Object.assign({}, ...context.getAll(TOKENS.JobHandlers, { optional: true })) as JobHandlers,
            context.get(TOKENS.Logger),
          ),
      )
      .inSingletonScope();
  });
