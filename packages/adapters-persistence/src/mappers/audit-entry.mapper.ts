import { AuditAction, AuditTargetType, OrganizationId, UserId, type AuditEntry, type AuditSnapshot } from '@idv/core';
import * as E from 'fp-ts/lib/Either.js';
import type { DateParser } from './column-values.js';
import { decodeColumn, decodeNullable, requireDate, Text, type ColumnCodec } from './decode-column.js';

/** An `audit_entries` row as raw SQL returns it. */
export interface AuditEntryRecord {
  readonly id: unknown;
  readonly organization_id: unknown;
  readonly action: unknown;
  readonly actor_user_id: unknown;
  readonly target_type: unknown;
  readonly target_id: unknown;
  readonly before: unknown;
  readonly after: unknown;
  readonly created_at: unknown;
}

const isFlatValue = (value: unknown): boolean =>
  value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/** A jsonb snapshot: a flat object of strings, numbers, booleans and nulls (a string when the driver leaves jsonb unparsed). */
const Snapshot: ColumnCodec<AuditSnapshot> = {
  name: 'AuditSnapshot',
  decode: (input) => {
    const value = typeof input === 'string' ? parseJson(input) : input;
    return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every(isFlatValue)
      ? E.right(value as AuditSnapshot)
      : E.left(input);
  },
};

/** Decodes an `audit_entries` row into the core `AuditEntry`. */
export const auditEntryToDomain = (row: AuditEntryRecord, parseDate: DateParser): AuditEntry => ({
  id: decodeColumn(Text, row.id, 'audit_entries.id'),
  organizationId: decodeColumn(OrganizationId, row.organization_id, 'audit_entries.organization_id'),
  action: decodeColumn(AuditAction, row.action, 'audit_entries.action'),
  actorUserId: decodeNullable(UserId, row.actor_user_id, 'audit_entries.actor_user_id'),
  targetType: decodeColumn(AuditTargetType, row.target_type, 'audit_entries.target_type'),
  targetId: decodeColumn(Text, row.target_id, 'audit_entries.target_id'),
  before: decodeNullable(Snapshot, row.before, 'audit_entries.before'),
  after: decodeNullable(Snapshot, row.after, 'audit_entries.after'),
  createdAt: requireDate(row.created_at, parseDate, 'audit_entries.created_at'),
});

/** The `audit_entries` columns of a core `AuditEntry`, in the order the insert lists them (snapshots as JSON text). */
export const auditEntryToRow = (entry: AuditEntry): readonly unknown[] => [
  entry.id,
  entry.organizationId,
  entry.action,
  entry.actorUserId,
  entry.targetType,
  entry.targetId,
  entry.before === null ? null : JSON.stringify(entry.before),
  entry.after === null ? null : JSON.stringify(entry.after),
  entry.createdAt,
];
