import { EntitySchema } from '@mikro-orm/core';
import { MILLISECOND_TIMESTAMP } from './timestamp-columns.js';

/** An `outbound_events` row as the ORM sees it. */
export interface OutboundEventRow {
  id: string;
  type: string;
  organizationId: string;
  data: object;
  timestamp: Date;
  /** The writing transaction's id: the feed serves a row only once every older transaction has ended. */
  xactId: string;
  /** Taken at insert; after `xact_id`, it orders the feed, so a late commit is never skipped. */
  position: string;
}

/**
 * The `outbound_events` table: the outbox of outbound events and the pull feed (30 days). No foreign
 * key to the organization: events outlive nothing but their retention.
 */
export const OutboundEventSchema = new EntitySchema<OutboundEventRow>({
  name: 'OutboundEvent',
  tableName: 'outbound_events',
  properties: {
    id: { type: 'text', primary: true },
    type: { type: 'text' },
    organizationId: { type: 'uuid', fieldName: 'organization_id' },
    data: { type: 'json', columnType: 'jsonb' },
    timestamp: { ...MILLISECOND_TIMESTAMP },
    xactId: { type: 'string', columnType: 'xid8', fieldName: 'xact_id', defaultRaw: 'pg_current_xact_id()' },
    position: { type: 'bigint', columnType: 'bigserial', fieldName: 'position', autoincrement: true },
  },
  indexes: [
    { name: 'outbound_events_feed_index', properties: ['organizationId', 'xactId', 'position'] },
    { name: 'outbound_events_timestamp_index', properties: ['timestamp'] },
  ],
});
