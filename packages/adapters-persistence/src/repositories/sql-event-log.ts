import type { EventLog, FeedEvent, JobData, OutboundEvent } from '@idv/core';
import * as O from 'fp-ts/lib/Option.js';
import type { DateParser } from '../columns/column-values.js';
import { requireDate, Text, decodeColumn } from '../columns/decode-column.js';
import { guarded } from '../errors/translate-error.js';
import { InvalidRow } from '../errors/invalid-row.js';
import type { SqlRunner } from '../sql/sql-runner.js';
import { statement } from '../sql/statement.js';

/** The columns an `OutboundEvent` is read from. */
export const EVENT_COLUMNS = '"id", "type", "organization_id", "data", "timestamp"';
const COLUMNS = EVENT_COLUMNS;

const APPEND = statement('outbound_events_append', `insert into "outbound_events" (${COLUMNS}) values (?, ?, ?, ?::jsonb, ?)`);

const FIND = statement('outbound_events_find', `select ${COLUMNS} from "outbound_events" where "id" = ?`);

// Ordered by the table's columns, not the text aliases of the select list (which would sort
// "10" before "9"). Only rows of transactions older than every open one (xact_id below the snapshot's xmin): any
// transaction still to commit has a larger xact_id, so it sorts after every row served so far.
const FEED_FIRST = statement(
  'outbound_events_feed_first',
  `select ${COLUMNS}, "xact_id"::text as "xact_id", "position"::text as "position" from "outbound_events"
where "organization_id" = ? and "xact_id" < pg_snapshot_xmin(pg_current_snapshot())
order by "outbound_events"."xact_id", "outbound_events"."position" limit ?`,
);

const FEED_AFTER = statement(
  'outbound_events_feed_after',
  `select ${COLUMNS}, "xact_id"::text as "xact_id", "position"::text as "position" from "outbound_events"
where "organization_id" = ? and "xact_id" < pg_snapshot_xmin(pg_current_snapshot())
and ("xact_id", "position") > (?::xid8, ?::bigint)
order by "outbound_events"."xact_id", "outbound_events"."position" limit ?`,
);

const PRUNE = statement('outbound_events_prune', `delete from "outbound_events" where "timestamp" < ?`);

/** An `outbound_events` row as raw SQL returns it. */
export interface OutboundEventRecord {
  readonly id: unknown;
  readonly type: unknown;
  readonly organization_id: unknown;
  readonly data: unknown;
  readonly timestamp: unknown;
  readonly xact_id?: unknown;
  readonly position?: unknown;
}

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

// jsonb as an object (a string when the driver leaves it unparsed).
const jobData = (value: unknown): JobData => {
  const parsed = typeof value === 'string' ? parseJson(value) : value;
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new InvalidRow('outbound_events.data', 'JobData');
  return parsed as JobData;
};

/** The EventLog port on raw SQL: appends join the surrounding unit of work's transaction. */
export class SqlEventLog implements EventLog {
  constructor(
    private readonly sql: SqlRunner,
    private readonly parseDate: DateParser,
  ) {}

  append(event: OutboundEvent): Promise<void> {
    return guarded('eventLog.append', async () => {
      await this.sql.run(APPEND, [event.id, event.type, event.organizationId, JSON.stringify(event.data), event.timestamp]);
    });
  }

  findById(id: string): Promise<O.Option<OutboundEvent>> {
    return guarded('eventLog.findById', async () => {
      const [row] = await this.sql.rows<OutboundEventRecord>(FIND, [id]);
      return row === undefined ? O.none : O.some(this.toDomain(row));
    });
  }

  feed(organizationId: string, afterPosition: string | undefined, limit: number): Promise<readonly FeedEvent[]> {
    return guarded('eventLog.feed', async () => {
      const [xactId, position] = afterPosition?.split('.') ?? [];
      const rows =
        xactId === undefined || position === undefined
          ? await this.sql.rows<OutboundEventRecord>(FEED_FIRST, [organizationId, limit])
          : await this.sql.rows<OutboundEventRecord>(FEED_AFTER, [organizationId, xactId, position, limit]);
      return rows.map((row) => ({
        ...this.toDomain(row),
        position: `${decodeColumn(Text, row.xact_id, 'outbound_events.xact_id')}.${decodeColumn(Text, row.position, 'outbound_events.position')}`,
      }));
    });
  }

  prune(before: Date): Promise<number> {
    return guarded('eventLog.prune', () => this.sql.run(PRUNE, [before]));
  }

  private toDomain(row: OutboundEventRecord): OutboundEvent {
    return eventOfRow(row, this.parseDate);
  }
}

/** An `outbound_events` row as the core's `OutboundEvent`. */
export const eventOfRow = (row: OutboundEventRecord, parseDate: DateParser): OutboundEvent => ({
  id: decodeColumn(Text, row.id, 'outbound_events.id'),
  type: decodeColumn(Text, row.type, 'outbound_events.type'),
  organizationId: decodeColumn(Text, row.organization_id, 'outbound_events.organization_id'),
  data: jobData(row.data),
  timestamp: requireDate(row.timestamp, parseDate, 'outbound_events.timestamp'),
});
