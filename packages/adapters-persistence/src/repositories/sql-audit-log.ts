import {
  AuditAction,
  AuditTargetType,
  OrganizationId,
  UserId,
  type AuditEntry,
  type AuditLog,
  type AuditSnapshot,
  type Page,
  type PageRequest,
} from '@idv/core';
import * as E from 'fp-ts/lib/Either.js';
import type { DateParser } from '../columns/column-values.js';
import { decodeColumn, decodeNullable, requireDate, Text, type ColumnCodec } from '../columns/decode-column.js';
import { guarded } from '../errors/translate-error.js';
import { emptyPage, isRowPosition, keysetPage } from '../sql/keyset.js';
import type { SqlRunner } from '../sql/sql-runner.js';
import { statement } from '../sql/statement.js';

const COLUMNS = '"id", "organization_id", "action", "actor_user_id", "target_type", "target_id", "before", "after", "created_at"';

const APPEND = statement(
  'audit_entries_append',
  `insert into "audit_entries" (${COLUMNS}) values (?, ?, ?, ?, ?, ?, ?::jsonb, ?::jsonb, ?)`,
);

const LIST_FIRST = statement(
  'audit_entries_list_first',
  `select ${COLUMNS} from "audit_entries"
where "organization_id" = ? order by "created_at" desc, "id" desc limit ?`,
);

const LIST_AFTER = statement(
  'audit_entries_list_after',
  `select ${COLUMNS} from "audit_entries"
where "organization_id" = ? and ("created_at", "id") < (?, ?) order by "created_at" desc, "id" desc limit ?`,
);

/** An `audit_entries` row as raw SQL returns it. */
interface AuditEntryRecord {
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
const auditEntryToDomain = (row: AuditEntryRecord, parseDate: DateParser): AuditEntry => ({
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
const auditEntryToRow = (entry: AuditEntry): readonly unknown[] => [
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

/** The AuditLog port on raw SQL; appends join the surrounding unit of work's transaction (see `SqlRunner.transaction`). */
export class SqlAuditLog implements AuditLog {
  constructor(
    private readonly sql: SqlRunner,
    private readonly parseDate: DateParser,
  ) {}

  /** Appends one entry (inside the caller's unit of work when there is one). */
  append(entry: AuditEntry): Promise<void> {
    return guarded('auditLog.append', async () => {
      await this.sql.run(APPEND, auditEntryToRow(entry));
    });
  }

  list(organizationId: OrganizationId, page: PageRequest): Promise<Page<AuditEntry>> {
    return guarded('auditLog.list', async () => {
      const cursor = page.cursor;
      if (cursor !== undefined && !isRowPosition(cursor)) return emptyPage<AuditEntry>();
      const rows =
        cursor === undefined
          ? await this.sql.rows<AuditEntryRecord>(LIST_FIRST, [organizationId, page.limit + 1])
          : await this.sql.rows<AuditEntryRecord>(LIST_AFTER, [organizationId, cursor.at, cursor.id, page.limit + 1]);
      return keysetPage(
        rows.map((row) => auditEntryToDomain(row, this.parseDate)),
        page,
        (e) => ({ at: e.createdAt, id: e.id }),
      );
    });
  }
}
