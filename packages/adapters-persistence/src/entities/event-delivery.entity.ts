import { EntitySchema } from '@mikro-orm/core';
import type { OutboundEventRow } from './outbound-event.entity.js';
import { MILLISECOND_TIMESTAMP } from './timestamp-columns.js';
import type { WebhookEndpointRow } from './webhook-endpoint.entity.js';

/** An `event_deliveries` row as the ORM sees it. */
export interface EventDeliveryRow {
  id: string;
  event: OutboundEventRow;
  endpoint: WebhookEndpointRow;
  status: string;
  attempts: number;
  createdAt: Date;
  updatedAt: Date;
}

/** The `event_deliveries` table: one row per event and endpoint, removed with either. */
export const EventDeliverySchema = new EntitySchema<EventDeliveryRow>({
  name: 'EventDelivery',
  tableName: 'event_deliveries',
  properties: {
    id: { type: 'uuid', primary: true },
    event: { kind: 'm:1', entity: 'OutboundEvent', fieldName: 'event_id', deleteRule: 'cascade' },
    endpoint: { kind: 'm:1', entity: 'WebhookEndpoint', fieldName: 'endpoint_id', deleteRule: 'cascade' },
    status: { enum: true, items: ['pending', 'succeeded', 'failed', 'dead'] },
    attempts: { type: 'integer', default: 0 },
    createdAt: { ...MILLISECOND_TIMESTAMP, fieldName: 'created_at', defaultRaw: 'now()' },
    updatedAt: { ...MILLISECOND_TIMESTAMP, fieldName: 'updated_at', defaultRaw: 'now()' },
  },
  uniques: [{ name: 'event_deliveries_event_endpoint_unique', properties: ['event', 'endpoint'] }],
  indexes: [{ name: 'event_deliveries_endpoint_index', properties: ['endpoint', 'createdAt'] }],
});

/** A `delivery_attempts` row as the ORM sees it: status, duration, code, error kind; never a body. */
export interface DeliveryAttemptRow {
  id: string;
  delivery: EventDeliveryRow;
  endpoint: WebhookEndpointRow;
  attempt: number;
  succeeded: boolean;
  durationMs: number;
  responseCode: number | null;
  errorKind: string | null;
  at: Date;
}

/** The `delivery_attempts` table: one row per attempt, listed newest first per endpoint. */
export const DeliveryAttemptSchema = new EntitySchema<DeliveryAttemptRow>({
  name: 'DeliveryAttempt',
  tableName: 'delivery_attempts',
  properties: {
    id: { type: 'uuid', primary: true },
    delivery: { kind: 'm:1', entity: 'EventDelivery', fieldName: 'delivery_id', deleteRule: 'cascade' },
    endpoint: { kind: 'm:1', entity: 'WebhookEndpoint', fieldName: 'endpoint_id', deleteRule: 'cascade' },
    attempt: { type: 'integer' },
    succeeded: { type: 'boolean' },
    durationMs: { type: 'integer', fieldName: 'duration_ms' },
    responseCode: { type: 'integer', fieldName: 'response_code', nullable: true },
    errorKind: { enum: true, items: ['status', 'timeout', 'network', 'refused'], fieldName: 'error_kind', nullable: true },
    at: { ...MILLISECOND_TIMESTAMP },
  },
  indexes: [{ name: 'delivery_attempts_endpoint_index', properties: ['endpoint', 'at', 'id'] }],
});
