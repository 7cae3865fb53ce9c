import type { OutboundEvent } from '../events/outbound-event.js';
import type { EventLog } from '../events/ports/event-log.js';

/** Keeps every event appended, in order, so a test can read what an area recorded. */
export class InMemoryEventLog implements EventLog {
  /** Every event appended so far, in order. */
  readonly events: OutboundEvent[] = [];

  append(event: OutboundEvent): Promise<void> {
    this.events.push(event);
    return Promise.resolve();
  }

  /** The types of the events appended so far, in order. */
  types(): string[] {
    return this.events.map((event) => event.type);
  }
}
