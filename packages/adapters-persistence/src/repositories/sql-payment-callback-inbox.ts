import {
  PaymentId,
  type CallbackOutcomeTag,
  type InboxEntry,
  type PaymentCallbackInbox,
  type SchemeId,
  type SettledInboxEntry,
} from '@idv/core';
import * as O from 'fp-ts/lib/Option.js';
import { InvalidRow } from '../errors/invalid-row.js';
import { guarded } from '../errors/translate-error.js';
import type { DateParser } from '../columns/column-values.js';
import { decodeColumn, decodeNullable, requireDate, Text } from '../columns/decode-column.js';
import type { SqlRunner } from '../sql/sql-runner.js';
import { statement } from '../sql/statement.js';

// Inside a transaction, a concurrent insert of the same key waits for the first to commit, then does nothing.
const RECORD = statement(
  'payment_inbox_record',
  `insert into "payment_callback_events" ("id", "scheme", "dedupe_key", "event_type", "payload", "received_at") values (?, ?, ?, ?, ?::jsonb, ?)
on conflict ("scheme", "dedupe_key") do nothing`,
);
const SETTLE = statement('payment_inbox_settle', `update "payment_callback_events" set "outcome" = ?, "transaction_id" = ? where "id" = ?`);
const FIND = statement(
  'payment_inbox_find',
  `select "id", "scheme", "dedupe_key", "event_type", "payload", "received_at", "outcome", "transaction_id" from "payment_callback_events" where "scheme" = ? and "dedupe_key" = ?`,
);

interface InboxRecord {
  readonly id: unknown;
  readonly scheme: unknown;
  readonly dedupe_key: unknown;
  readonly event_type: unknown;
  readonly payload: unknown;
  readonly received_at: unknown;
  readonly outcome: unknown;
  readonly transaction_id: unknown;
}

const payloadOf = (value: unknown): SettledInboxEntry['payload'] => {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new InvalidRow('payment_callback_events.payload', 'object');
  return parsed as SettledInboxEntry['payload'];
};

/** The payment callback inbox on raw SQL, unique on (scheme, dedupe key). */
export class SqlPaymentCallbackInbox implements PaymentCallbackInbox {
  constructor(
    private readonly sql: SqlRunner,
    private readonly parseDate: DateParser,
  ) {}

  record(entry: InboxEntry): Promise<'recorded' | 'duplicate'> {
    return guarded('paymentInbox.record', async () => {
      const inserted = await this.sql.run(RECORD, [
        entry.id,
        entry.scheme,
        entry.dedupeKey,
        entry.eventType,
        JSON.stringify(entry.payload),
        entry.receivedAt,
      ]);
      return inserted > 0 ? 'recorded' : 'duplicate';
    });
  }

  settle(id: string, outcome: Exclude<CallbackOutcomeTag, 'Duplicate'>, transactionId: PaymentId | null): Promise<void> {
    return guarded('paymentInbox.settle', async () => {
      await this.sql.run(SETTLE, [outcome, transactionId, id]);
    });
  }

  /** The settled entry of this scheme and deduplication key, if the callback was seen. */
  find(scheme: SchemeId, dedupeKey: string): Promise<O.Option<SettledInboxEntry>> {
    return guarded('paymentInbox.find', async () => {
      const [row] = await this.sql.rows<InboxRecord>(FIND, [scheme, dedupeKey]);
      if (row === undefined) return O.none;
      return O.some({
        id: decodeColumn(Text, row.id, 'payment_callback_events.id'),
        scheme: decodeColumn(Text, row.scheme, 'payment_callback_events.scheme') as SchemeId,
        dedupeKey: decodeColumn(Text, row.dedupe_key, 'payment_callback_events.dedupe_key'),
        eventType: decodeColumn(Text, row.event_type, 'payment_callback_events.event_type'),
        payload: payloadOf(row.payload),
        receivedAt: requireDate(row.received_at, this.parseDate, 'payment_callback_events.received_at'),
        outcome: decodeNullable(Text, row.outcome, 'payment_callback_events.outcome') as SettledInboxEntry['outcome'],
        transactionId: decodeNullable(PaymentId, row.transaction_id, 'payment_callback_events.transaction_id'),
      });
    });
  }
}
