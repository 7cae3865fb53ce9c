import type { JobQueue } from '../jobs/job-queue.js';
import type { Clock } from '../shared/clock.js';
import type { IdGenerator } from '../shared/id-generator.js';
import type { EventDraft, OutboundEvent } from './outbound-event.js';
import type { EventLog } from './ports/event-log.js';

/** The job that hands a recorded event to each of its organization's endpoints. */
export const FAN_OUT_JOB = 'events.fan-out';

/** What recording an event needs. */
export interface RecordEventPorts {
  readonly eventLog: EventLog;
  readonly jobQueue: JobQueue;
  readonly clock: Clock;
  readonly ids: IdGenerator;
}

/** A new event id: `evt_` and the 32 hex digits of a UUID. */
export const newEventId = (ids: IdGenerator): string => `evt_${ids.uuid().replaceAll('-', '')}`;

/**
 * Records an event and its fan-out job. Called inside the unit of work of the change it describes,
 * both are written in that transaction: the event exists if and only if the change committed.
 */
export async function recordEvent(ports: RecordEventPorts, draft: EventDraft): Promise<OutboundEvent> {
  const event: OutboundEvent = { ...draft, id: newEventId(ports.ids), timestamp: ports.clock.now() };
  await ports.eventLog.append(event);
  await ports.jobQueue.enqueue(FAN_OUT_JOB, { eventId: event.id });
  return event;
}
