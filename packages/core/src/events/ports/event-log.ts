import type { Option } from 'fp-ts/lib/Option.js';
import type { OutboundEvent } from '../outbound-event.js';

/** An event as the pull feed serves it: with its place in commit order. */
export interface FeedEvent extends OutboundEvent {
  /**
   * Its place in the feed (a `FeedPosition`: the writing transaction's id, a dot, the row's sequence
   * number); a reader resumes after the last one it read.
   */
  readonly position: string;
}

/**
 * The outbox of outbound events, and the pull feed over it. `append` inside a unit of work writes in
 * its transaction, so an event exists if and only if the change it describes committed.
 */
export interface EventLog {
  /** Stores one event. */
  append(event: OutboundEvent): Promise<void>;
  /** One event by its `evt_…` id (none once pruned). */
  findById(id: string): Promise<Option<OutboundEvent>>;
  /**
   * An organization's events after `afterPosition` (from the start when absent), in feed order, at
   * most `limit`. Only events of transactions older than every open one are served, ordered by
   * writing transaction then sequence: an event a slow transaction commits late is never placed
   * before a position a reader has already passed.
   */
  feed(organizationId: string, afterPosition: string | undefined, limit: number): Promise<readonly FeedEvent[]>;
  /** Deletes the events older than `before` (the feed's retention); how many went. */
  prune(before: Date): Promise<number>;
}
