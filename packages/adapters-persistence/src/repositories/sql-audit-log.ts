import type { AuditEntry, AuditLog, OrganizationId, Page, PageRequest } from '@idv/core';
import { guarded } from '../errors/translate-error.js';
import { auditEntryToDomain, auditEntryToRow, type AuditEntryRecord } from '../mappers/audit-entry.mapper.js';
import type { DateParser } from '../mappers/column-values.js';
import { emptyPage, isRowPosition, keysetPage } from '../sql/keyset.js';
import type { SqlRunner } from '../sql/sql-runner.js';
import { statement } from '../sql/statement.js';

const COLUMNS = '"id", "organization_id", "action", "actor_user_id", "target_type", "target_id", "before", "after", "created_at"';

const APPEND = statement('audit_entries_append', `insert into "audit_entries" (${COLUMNS}) values (?, ?, ?, ?, ?, ?, ?::jsonb, ?::jsonb, ?)`);

const LIST_FIRST = statement('audit_entries_list_first', `select ${COLUMNS} from "audit_entries"
where "organization_id" = ? order by "created_at" desc, "id" desc limit ?`);

const LIST_AFTER = statement('audit_entries_list_after', `select ${COLUMNS} from "audit_entries"
where "organization_id" = ? and ("created_at", "id") < (?, ?) order by "created_at" desc, "id" desc limit ?`);

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
      return keysetPage(rows.map((row) => auditEntryToDomain(row, this.parseDate)), page, (e) => ({ at: e.createdAt, id: e.id }));
    });
  }
}
