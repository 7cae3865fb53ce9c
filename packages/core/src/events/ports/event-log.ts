import type { OutboundEvent } from '../outbound-event.js';

/**
 * The outbox of outbound events. `append` inside a unit of work writes in its transaction, so an
 * event exists if and only if the change it describes committed.
 */
export interface EventLog {
  /** Stores one event. */
  append(event: OutboundEvent): Promise<void>;
}
