import * as O from 'fp-ts/lib/Option.js';
import type { SchemeId } from '../payments/callback.js';
import type { PaymentId } from '../payments/payment.js';
import type { CallbackOutcomeTag, InboxEntry, PaymentCallbackInbox, SettledInboxEntry } from '../payments/ports/payment-callback-inbox.js';

/** The payment callback inbox in memory, unique on (scheme, dedupe key). */
export class InMemoryPaymentCallbackInbox implements PaymentCallbackInbox {
  private readonly entries = new Map<string, SettledInboxEntry>();

  async record(entry: InboxEntry): Promise<'recorded' | 'duplicate'> {
    const key = `${entry.scheme}\u0000${entry.dedupeKey}`;
    if (this.entries.has(key)) return 'duplicate';
    this.entries.set(key, { ...entry, outcome: null, transactionId: null });
    return 'recorded';
  }

  async settle(id: string, outcome: Exclude<CallbackOutcomeTag, 'Duplicate'>, transactionId: PaymentId | null): Promise<void> {
    for (const [key, entry] of this.entries) {
      if (entry.id === id) this.entries.set(key, { ...entry, outcome, transactionId });
    }
  }

  /** The settled entry of this scheme and key, if seen. */
  async find(scheme: SchemeId, dedupeKey: string): Promise<O.Option<SettledInboxEntry>> {
    return O.fromNullable(this.entries.get(`${scheme}\u0000${dedupeKey}`));
  }

  /** Every recorded delivery (for assertions). */
  all(): readonly SettledInboxEntry[] {
    return [...this.entries.values()];
  }
}
