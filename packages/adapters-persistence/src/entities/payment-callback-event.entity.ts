import { EntitySchema } from '@mikro-orm/core';
import type { PaymentTransactionRow } from './payment-transaction.entity.js';
import { MILLISECOND_TIMESTAMP } from './timestamp-columns.js';

/** A `payment_callback_events` row: one verified delivery. */
export interface PaymentCallbackEventRow {
  id: string;
  scheme: string;
  dedupeKey: string;
  transaction: PaymentTransactionRow | null;
  eventType: string;
  outcome: string | null;
  payload: Record<string, unknown>;
  receivedAt: Date;
}

/** The inbox of verified payment callbacks, unique on (scheme, dedupe key): duplicates and replays change nothing. */
export const PaymentCallbackEventSchema = new EntitySchema<PaymentCallbackEventRow>({
  name: 'PaymentCallbackEvent',
  tableName: 'payment_callback_events',
  properties: {
    id: { type: 'uuid', primary: true },
    scheme: { enum: true, items: ['iyzico-3ds', 'iyzico-webhook', 'iyzico-subscription', 'paytr-notification'] },
    dedupeKey: { type: 'text', fieldName: 'dedupe_key' },
    transaction: { kind: 'm:1', entity: 'PaymentTransaction', fieldName: 'transaction_id', nullable: true, deleteRule: 'restrict' },
    eventType: { type: 'text', fieldName: 'event_type' },
    outcome: { enum: true, items: ['Applied', 'Stale', 'Unmatched', 'Ignored', 'Refused', 'OrganizationDeleted'], nullable: true },
    payload: { type: 'json' },
    receivedAt: { ...MILLISECOND_TIMESTAMP, fieldName: 'received_at' },
  },
  uniques: [{ name: 'payment_callback_events_scheme_dedupe_key_unique', properties: ['scheme', 'dedupeKey'] }],
});
