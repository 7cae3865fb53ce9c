import { EntitySchema } from '@mikro-orm/core';
import { MILLISECOND_TIMESTAMP } from './timestamp-columns.js';

/** An `idempotency_records` row as the ORM sees it. */
export interface IdempotencyRecordRow {
  scope: string;
  key: string;
  /** The keyed HMAC of the request body without its card fields: never the body itself. */
  fingerprint: string;
  /** `{ status, body }` once the first request was answered. */
  answer: object | null;
  createdAt: Date;
  expiresAt: Date;
}

/** The `idempotency_records` table: `Idempotency-Key`s kept 24 h, unique per scope. */
export const IdempotencyRecordSchema = new EntitySchema<IdempotencyRecordRow>({
  name: 'IdempotencyRecord',
  tableName: 'idempotency_records',
  properties: {
    scope: { type: 'text', primary: true },
    key: { type: 'text', primary: true },
    fingerprint: { type: 'text' },
    answer: { type: 'json', columnType: 'jsonb', nullable: true },
    createdAt: { ...MILLISECOND_TIMESTAMP, fieldName: 'created_at' },
    expiresAt: { ...MILLISECOND_TIMESTAMP, fieldName: 'expires_at' },
  },
  indexes: [
    // A cleanup of expired keys reads by expiry.
    { name: 'idempotency_records_expires_index', properties: ['expiresAt'] },
  ],
});
