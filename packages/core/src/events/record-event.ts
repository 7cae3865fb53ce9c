import { createDeliveries, type CreateDeliveriesPorts } from './delivery/create-deliveries.js';
import type { EventDraft, OutboundEvent } from './outbound-event.js';
import type { EventLog } from './ports/event-log.js';
import type { IdGenerator } from '../shared/id-generator.js';

/**
 * The job that once handed a recorded event to each of its organization's endpoints; still run for
 * the jobs queued by instances of an earlier version (a rolling upgrade), never enqueued now.
 */
export const FAN_OUT_JOB = 'events.fan-out';

/** What recording an event needs: the outbox, and what making its deliveries needs. */
export interface RecordEventPorts extends CreateDeliveriesPorts {
  readonly eventLog: EventLog;
}

/** A new event id: `evt_` and the 32 hex digits of a UUID. */
export const newEventId = (ids: IdGenerator): string => `evt_${ids.uuid().replaceAll('-', '')}`;

/**
 * Records an event, one delivery per endpoint subscribed to it and their `events.deliver` jobs.
 * Called inside the unit of work of the change it describes, all are written in that transaction:
 * the event exists if and only if the change committed, and so do its deliveries. An endpoint
 * created later is not among those read, so it never hears of an earlier change.
 */
export async function recordEvent(ports: RecordEventPorts, draft: EventDraft): Promise<OutboundEvent> {
  const event: OutboundEvent = { ...draft, id: newEventId(ports.ids), timestamp: ports.clock.now() };
  await ports.eventLog.append(event);
  await createDeliveries(ports, event);
  return event;
}
