import type {
  AttemptErrorKind,
  DeliveryAttempt,
  DeliveryStatus,
  DeliveryToAttempt,
  EventDeliveries,
  EventDelivery,
  Page,
  PageRequest,
} from '@idv/core';
import * as E from 'fp-ts/lib/Either.js';
import * as O from 'fp-ts/lib/Option.js';
import { toNumber, type DateParser } from '../columns/column-values.js';
import { decodeColumn, decodeNullable, requireDate, Text, type ColumnCodec } from '../columns/decode-column.js';
import { guarded } from '../errors/translate-error.js';
import { emptyPage, isRowPosition, keysetPage } from '../sql/keyset.js';
import { prefixedColumns, unprefixed } from '../sql/prefixed-columns.js';
import type { SqlRunner } from '../sql/sql-runner.js';
import { EVENT_COLUMNS, eventOfRow, type OutboundEventRecord } from './sql-event-log.js';
import { ENDPOINT_COLUMNS, endpointOfRow, type WebhookEndpointRecord } from './sql-webhook-endpoints.js';
import { statement } from '../sql/statement.js';

const COLUMNS = '"id", "event_id", "endpoint_id", "status", "attempts", "created_at", "updated_at"';
const ATTEMPT_COLUMNS = `"a"."id", "a"."delivery_id", "d"."event_id", "a"."attempt", "a"."succeeded", "a"."duration_ms", "a"."response_code",
"a"."error_kind", "a"."at"`;

// The (event, endpoint) unique constraint decides: a second fan-out of the same event finds the first's row.
const ENSURE = statement(
  'event_deliveries_ensure',
  `with inserted as (
  insert into "event_deliveries" (${COLUMNS}) values (?, ?, ?, ?, ?, ?, ?)
  on conflict ("event_id", "endpoint_id") do nothing returning ${COLUMNS}
)
select ${COLUMNS} from inserted
union all
select ${COLUMNS} from "event_deliveries" where "event_id" = ? and "endpoint_id" = ? and not exists (select 1 from inserted)`,
);

const FIND = statement('event_deliveries_find', `select ${COLUMNS} from "event_deliveries" where "id" = ?`);

// The delivery job's one read: the delivery, its event and its endpoint (in the event's organization).
const FIND_TO_ATTEMPT = statement(
  'event_deliveries_find_to_attempt',
  `select ${prefixedColumns(COLUMNS, 'd', 'd_')}, ${prefixedColumns(EVENT_COLUMNS, 'e', 'e_')}, ${prefixedColumns(ENDPOINT_COLUMNS, 'w', 'w_')}
from "event_deliveries" "d"
left join "outbound_events" "e" on "e"."id" = "d"."event_id"
left join "webhook_endpoints" "w" on "w"."id" = "d"."endpoint_id" and "w"."organization_id" = "e"."organization_id"
where "d"."id" = ?`,
);

const FIND_FOR_ENDPOINT = statement(
  'event_deliveries_find_for_endpoint',
  `select ${COLUMNS} from "event_deliveries" where "endpoint_id" = ? and "id" = ?`,
);

// One statement (one round trip, atomic by itself): the delivery's new status and its attempt's row.
const RECORD_ATTEMPT = statement(
  'event_deliveries_record_attempt',
  `with "delivery" as (
  update "event_deliveries" set "status" = ?, "attempts" = greatest("attempts", ?), "updated_at" = ? where "id" = ? returning "id", "endpoint_id"
)
insert into "delivery_attempts" ("id", "delivery_id", "endpoint_id", "attempt", "succeeded", "duration_ms", "response_code", "error_kind", "at")
select ?, "id", "endpoint_id", ?, ?, ?, ?, ?, ? from "delivery"`,
);

const SET_STATUS = statement('event_deliveries_set_status', `update "event_deliveries" set "status" = ?, "updated_at" = ? where "id" = ?`);

const ATTEMPTS_FIRST = statement(
  'delivery_attempts_list_first',
  `select ${ATTEMPT_COLUMNS} from "delivery_attempts" "a" join "event_deliveries" "d" on "d"."id" = "a"."delivery_id"
where "a"."endpoint_id" = ? order by "a"."at" desc, "a"."id" desc limit ?`,
);

const ATTEMPTS_AFTER = statement(
  'delivery_attempts_list_after',
  `select ${ATTEMPT_COLUMNS} from "delivery_attempts" "a" join "event_deliveries" "d" on "d"."id" = "a"."delivery_id"
where "a"."endpoint_id" = ? and ("a"."at", "a"."id") < (?, ?) order by "a"."at" desc, "a"."id" desc limit ?`,
);

const FAILED_SINCE = statement(
  'event_deliveries_failed_since',
  `select ${COLUMNS} from "event_deliveries"
where "endpoint_id" = ? and "status" in ('failed', 'dead') and "created_at" >= ? order by "created_at", "id"`,
);

/** An `event_deliveries` row as raw SQL returns it. */
interface DeliveryRecord {
  readonly id: unknown;
  readonly event_id: unknown;
  readonly endpoint_id: unknown;
  readonly status: unknown;
  readonly attempts: unknown;
  readonly created_at: unknown;
  readonly updated_at: unknown;
}

/** A `delivery_attempts` row, with its delivery's event, as raw SQL returns it. */
interface AttemptRecord {
  readonly id: unknown;
  readonly delivery_id: unknown;
  readonly event_id: unknown;
  readonly attempt: unknown;
  readonly succeeded: unknown;
  readonly duration_ms: unknown;
  readonly response_code: unknown;
  readonly error_kind: unknown;
  readonly at: unknown;
}

const oneOf = <A extends string>(name: string, values: readonly A[]): ColumnCodec<A> => ({
  name,
  decode: (input) => (typeof input === 'string' && (values as readonly string[]).includes(input) ? E.right(input as A) : E.left(input)),
});

const Status = oneOf<DeliveryStatus>('DeliveryStatus', ['pending', 'succeeded', 'failed', 'dead']);
const ErrorKind = oneOf<AttemptErrorKind>('AttemptErrorKind', ['status', 'timeout', 'network', 'refused']);
const Int: ColumnCodec<number> = {
  name: 'integer',
  decode: (input) => {
    const n = toNumber(input);
    return n !== null && Number.isSafeInteger(n) ? E.right(n) : E.left(input);
  },
};
const Bool: ColumnCodec<boolean> = { name: 'boolean', decode: (input) => (typeof input === 'boolean' ? E.right(input) : E.left(input)) };

/** The EventDeliveries port on raw SQL; writes join the surrounding unit of work's transaction. */
export class SqlEventDeliveries implements EventDeliveries {
  constructor(
    private readonly sql: SqlRunner,
    private readonly parseDate: DateParser,
  ) {}

  ensure(candidate: EventDelivery): Promise<EventDelivery> {
    return guarded('eventDeliveries.ensure', async () => {
      const [row] = await this.sql.rows<DeliveryRecord>(ENSURE, [
        candidate.id,
        candidate.eventId,
        candidate.endpointId,
        candidate.status,
        candidate.attempts,
        candidate.createdAt,
        candidate.updatedAt,
        candidate.eventId,
        candidate.endpointId,
      ]);
      if (row === undefined) throw new Error('event_deliveries: neither inserted nor found');
      return this.toDomain(row);
    });
  }

  findById(id: string): Promise<O.Option<EventDelivery>> {
    return guarded('eventDeliveries.findById', async () => this.first(await this.sql.rows<DeliveryRecord>(FIND, [id])));
  }

  findToAttempt(id: string): Promise<O.Option<DeliveryToAttempt>> {
    return guarded('eventDeliveries.findToAttempt', async () => {
      const [row] = await this.sql.rows<Record<string, unknown>>(FIND_TO_ATTEMPT, [id]);
      if (row === undefined) return O.none;
      return O.some({
        delivery: this.toDomain(unprefixed<DeliveryRecord>(row, 'd_')),
        event: row['e_id'] === null ? O.none : O.some(eventOfRow(unprefixed<OutboundEventRecord>(row, 'e_'), this.parseDate)),
        endpoint: row['w_id'] === null ? O.none : O.some(endpointOfRow(unprefixed<WebhookEndpointRecord>(row, 'w_'), this.parseDate)),
      });
    });
  }

  findForEndpoint(endpointId: string, id: string): Promise<O.Option<EventDelivery>> {
    return guarded('eventDeliveries.findForEndpoint', async () =>
      this.first(await this.sql.rows<DeliveryRecord>(FIND_FOR_ENDPOINT, [endpointId, id])),
    );
  }

  recordAttempt(attempt: DeliveryAttempt, status: DeliveryStatus): Promise<void> {
    return guarded('eventDeliveries.recordAttempt', async () => {
      await this.sql.run(RECORD_ATTEMPT, [
        status,
        attempt.attempt,
        attempt.at,
        attempt.deliveryId,
        attempt.id,
        attempt.attempt,
        attempt.succeeded,
        attempt.durationMs,
        attempt.responseCode,
        attempt.errorKind,
        attempt.at,
      ]);
    });
  }

  setStatus(id: string, status: DeliveryStatus, at: Date): Promise<void> {
    return guarded('eventDeliveries.setStatus', async () => {
      await this.sql.run(SET_STATUS, [status, at, id]);
    });
  }

  listAttempts(endpointId: string, page: PageRequest): Promise<Page<DeliveryAttempt>> {
    return guarded('eventDeliveries.listAttempts', async () => {
      const cursor = page.cursor;
      if (cursor !== undefined && !isRowPosition(cursor)) return emptyPage<DeliveryAttempt>();
      const rows =
        cursor === undefined
          ? await this.sql.rows<AttemptRecord>(ATTEMPTS_FIRST, [endpointId, page.limit + 1])
          : await this.sql.rows<AttemptRecord>(ATTEMPTS_AFTER, [endpointId, cursor.at, cursor.id, page.limit + 1]);
      return keysetPage(
        rows.map((row) => this.attemptToDomain(row)),
        page,
        (attempt) => ({ at: attempt.at, id: attempt.id }),
      );
    });
  }

  listFailedSince(endpointId: string, since: Date): Promise<readonly EventDelivery[]> {
    return guarded('eventDeliveries.listFailedSince', async () =>
      (await this.sql.rows<DeliveryRecord>(FAILED_SINCE, [endpointId, since])).map((row) => this.toDomain(row)),
    );
  }

  private first(rows: readonly DeliveryRecord[]): O.Option<EventDelivery> {
    const [row] = rows;
    return row === undefined ? O.none : O.some(this.toDomain(row));
  }

  private toDomain(row: DeliveryRecord): EventDelivery {
    return {
      id: decodeColumn(Text, row.id, 'event_deliveries.id'),
      eventId: decodeColumn(Text, row.event_id, 'event_deliveries.event_id'),
      endpointId: decodeColumn(Text, row.endpoint_id, 'event_deliveries.endpoint_id'),
      status: decodeColumn(Status, row.status, 'event_deliveries.status'),
      attempts: decodeColumn(Int, row.attempts, 'event_deliveries.attempts'),
      createdAt: requireDate(row.created_at, this.parseDate, 'event_deliveries.created_at'),
      updatedAt: requireDate(row.updated_at, this.parseDate, 'event_deliveries.updated_at'),
    };
  }

  private attemptToDomain(row: AttemptRecord): DeliveryAttempt {
    return {
      id: decodeColumn(Text, row.id, 'delivery_attempts.id'),
      deliveryId: decodeColumn(Text, row.delivery_id, 'delivery_attempts.delivery_id'),
      eventId: decodeColumn(Text, row.event_id, 'event_deliveries.event_id'),
      attempt: decodeColumn(Int, row.attempt, 'delivery_attempts.attempt'),
      succeeded: decodeColumn(Bool, row.succeeded, 'delivery_attempts.succeeded'),
      durationMs: decodeColumn(Int, row.duration_ms, 'delivery_attempts.duration_ms'),
      responseCode: decodeNullable(Int, row.response_code, 'delivery_attempts.response_code'),
      errorKind: decodeNullable(ErrorKind, row.error_kind, 'delivery_attempts.error_kind'),
      at: requireDate(row.at, this.parseDate, 'delivery_attempts.at'),
    };
  }
}
