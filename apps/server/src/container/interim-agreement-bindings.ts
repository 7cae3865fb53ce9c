import { ContainerModule } from 'inversify';
import { FAN_OUT_JOB, type EventLog, type Logger, type OutboundEvent } from '@idv/core';
import { TOKENS } from './tokens.js';

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
 * Until the events area's fan-out lands: the durable queue refuses a job no area handles, and
 * `recordEvent` enqueues `events.fan-out` with every event, so this handler takes it and delivers
 * nothing (logged at debug).
 */
export const interimFanOut = (logger: Logger) => ({
  [FAN_OUT_JOB]: async (data: unknown): Promise<void> => {
    logger.debug({ job: FAN_OUT_JOB, data }, 'interim fan-out: no webhook delivery yet');
  },
});

/**
 * The temporary `EventLog` binding of the agreements area, in this one file: the SQL event log
 * replaces it at merge (bind `TOKENS.EventLog` to it, and delete this file and its line in
 * `buildContainer`), and the events area's `events.fan-out` handler replaces `interimFanOut`. The job
 * queue is the durable one (`jobs-module.ts`).
 */
export const interimAgreementBindings = (): ContainerModule =>
  new ContainerModule(({ bind }) => {
    bind(TOKENS.EventLog).toConstantValue(new InterimEventLog());
    bind(TOKENS.JobHandlers).toDynamicValue((context) => interimFanOut(context.get(TOKENS.Logger)));
  });
