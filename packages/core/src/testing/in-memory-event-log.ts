import * as O from 'fp-ts/lib/Option.js';
import type { OutboundEvent } from '../events/outbound-event.js';
import type { EventLog, FeedEvent } from '../events/ports/event-log.js';

/**
 * Keeps every event appended, in order, so a test can read what an area recorded. Appends are
 * immediate (no transactions), so the feed serves every event; positions are `0.<n>`, n counting from 1.
 */
export class InMemoryEventLog implements EventLog {
  /** Every event appended so far, in order (pruned ones gone). */
  readonly events: OutboundEvent[] = [];
  private readonly positions = new Map<string, number>();
  private next = 1;

  append(event: OutboundEvent): Promise<void> {
    this.events.push(event);
    this.positions.set(event.id, this.next++);
    return Promise.resolve();
  }

  findById(id: string): Promise<O.Option<OutboundEvent>> {
    return Promise.resolve(O.fromNullable(this.events.find((event) => event.id === id)));
  }

  feed(organizationId: string, afterPosition: string | undefined, limit: number): Promise<readonly FeedEvent[]> {
    const after = afterPosition === undefined ? 0 : Number(afterPosition.split('.')[1]);
    return Promise.resolve(
      this.events
        .map((event) => ({ ...event, sequence: this.positions.get(event.id) ?? 0 }))
        .filter((event) => event.organizationId === organizationId && event.sequence > after)
        .map(({ sequence, ...event }) => ({ ...event, position: `0.${sequence}` }))
        .slice(0, limit),
    );
  }

  prune(before: Date): Promise<number> {
    const kept = this.events.filter((event) => event.timestamp.getTime() >= before.getTime());
    const pruned = this.events.length - kept.length;
    this.events.splice(0, this.events.length, ...kept);
    return Promise.resolve(pruned);
  }

  /** The types of the events appended so far, in order. */
  types(): string[] {
    return this.events.map((event) => event.type);
  }
}
