import type { Option } from 'fp-ts/lib/Option.js';
import type { SchemeId } from '../callback.js';
import type { PaymentId } from '../payment.js';

/**
 * What a verified delivery did. `OrganizationDeleted`: it names a payment (or a linked subscription)
 * of a deleted organization; it is kept and flagged, never applied.
 */
export type CallbackOutcomeTag = 'Applied' | 'Duplicate' | 'Stale' | 'Unmatched' | 'Ignored' | 'Refused' | 'OrganizationDeleted';

/** A verified delivery, recorded once per (scheme, dedupe key). */
export interface InboxEntry {
  readonly id: string;
  readonly scheme: SchemeId;
  readonly dedupeKey: string;
  readonly eventType: string;
  readonly payload: Readonly<Record<string, string | number | boolean | null>>;
  readonly receivedAt: Date;
}

/** A recorded delivery with what it did. */
export interface SettledInboxEntry extends InboxEntry {
  readonly outcome: Exclude<CallbackOutcomeTag, 'Duplicate'> | null;
  readonly transactionId: PaymentId | null;
}

/** The inbox of verified payment callbacks (`payment_callback_events`), unique on (scheme, dedupe key). */
export interface PaymentCallbackInbox {
  /**
   * Records a delivery unless one with the same (scheme, dedupe key) exists: 'duplicate' then, and
   * nothing is written. Inside a unit of work a concurrent duplicate waits for the first to commit.
   */
  record(entry: InboxEntry): Promise<'recorded' | 'duplicate'>;
  /** Stores what the recorded delivery did. */
  settle(id: string, outcome: Exclude<CallbackOutcomeTag, 'Duplicate'>, transactionId: PaymentId | null): Promise<void>;
  /** The settled entry of a callback (by scheme and deduplication key), if it was seen before. */
  find(scheme: SchemeId, dedupeKey: string): Promise<Option<SettledInboxEntry>>;
}
