import { ContainerModule } from 'inversify';
import type { BackgroundTasks, EventLog, JobData, JobHandlers, JobQueue, Logger, OutboundEvent } from '@idv/core';
import { TOKENS } from './tokens.js';

/**
 * Until the durable queue lands: runs each job off the request path, through the handlers it is
 * given once the container is built; a job with no handler here (the events' fan-out) is logged
 * and dropped. Not durable, and a job may run before the unit of work that enqueued it commits
 * (its handler then finds nothing and does nothing). Replaced at merge by the real queue's binding.
 */
export class InterimJobQueue implements JobQueue {
  private handlers: JobHandlers = {};

  constructor(
    private readonly background: BackgroundTasks,
    private readonly logger: Logger,
  ) {}

  /** The handlers jobs run through (the areas' job catalogues). */
  serve(handlers: JobHandlers): void {
    this.handlers = handlers;
  }

  enqueue(name: string, data: JobData): Promise<void> {
    const handler = this.handlers[name];
    if (handler === undefined) {
      this.logger.debug({ job: name }, 'interim job queue: no handler, job dropped');
      return Promise.resolve();
    }
    this.background.run(name, () => new Promise<void>((resolve) => setImmediate(resolve)).then(() => handler(data)));
    return Promise.resolve();
  }
}

/** Until the events' SQL outbox lands: keeps the newest events in this process's memory only. */
export class InterimEventLog implements EventLog {
  /** The events appended, oldest first (at most 1000). */
  readonly events: OutboundEvent[] = [];

  append(event: OutboundEvent): Promise<void> {
    this.events.push(event);
    if (this.events.length > 1000) this.events.shift();
    return Promise.resolve();
  }
}

/**
 * The temporary `JobQueue` and `EventLog` bindings of the agreements area, in this one file: the
 * durable queue and the SQL event log replace both at merge (bind `TOKENS.JobQueue` and
 * `TOKENS.EventLog` to them, and delete this file and its line in `buildContainer`).
 */
export const interimAgreementBindings = (): ContainerModule =>
  new ContainerModule(({ bind }) => {
    bind(TOKENS.JobQueue).toDynamicValue((context) => {
      const queue = new InterimJobQueue(context.get(TOKENS.BackgroundTasks), context.get(TOKENS.Logger));
      // Handlers are read when the first job runs, not now: the area needs the queue to be built.
      queue.serve(
        new Proxy({} as JobHandlers, {
          get: (_target, name) => (typeof name === 'string' ? context.get(TOKENS.AgreementJobHandlers)[name] : undefined),
        }),
      );
      return queue;
    });
    bind(TOKENS.EventLog).toConstantValue(new InterimEventLog());
  });
