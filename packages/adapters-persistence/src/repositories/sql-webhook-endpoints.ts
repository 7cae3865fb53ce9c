import {
  EventTypeCodec,
  type DisabledReason,
  type Page,
  type PageRequest,
  type SealedEndpointSecret,
  type WebhookEndpoint,
  type WebhookEndpointChanges,
  type WebhookEndpoints,
} from '@idv/core';
import * as O from 'fp-ts/lib/Option.js';
import type { DateParser } from '../columns/column-values.js';
import { decodeColumn, decodeNullable, requireDate, Text, type ColumnCodec } from '../columns/decode-column.js';
import { guarded } from '../errors/translate-error.js';
import { emptyPage, isRowPosition, keysetPage } from '../sql/keyset.js';
import type { SqlRunner } from '../sql/sql-runner.js';
import { statement } from '../sql/statement.js';
import * as E from 'fp-ts/lib/Either.js';

/** The columns a `WebhookEndpoint` is read from. */
export const ENDPOINT_COLUMNS = `"id", "organization_id", "url", "event_types", "description", "enabled", "disabled_reason", "sealed_secret",
"previous_sealed_secret", "previous_secret_expires_at", "failing_since", "created_at", "updated_at"`;
const COLUMNS = ENDPOINT_COLUMNS;

const CREATE = statement(
  'webhook_endpoints_create',
  `insert into "webhook_endpoints" (${COLUMNS}) values (?, ?, ?, ?::text[], ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
);

const FIND = statement('webhook_endpoints_find', `select ${COLUMNS} from "webhook_endpoints" where "organization_id" = ? and "id" = ?`);

const LIST_FIRST = statement(
  'webhook_endpoints_list_first',
  `select ${COLUMNS} from "webhook_endpoints" where "organization_id" = ? order by "created_at", "id" limit ?`,
);

const LIST_AFTER = statement(
  'webhook_endpoints_list_after',
  `select ${COLUMNS} from "webhook_endpoints"
where "organization_id" = ? and ("created_at", "id") > (?, ?) order by "created_at", "id" limit ?`,
);

const LIST_SUBSCRIBED = statement(
  'webhook_endpoints_list_subscribed',
  `select ${COLUMNS} from "webhook_endpoints"
where "organization_id" = ? and "enabled" and (cardinality("event_types") = 0 or ? = any("event_types"))
order by "created_at", "id"`,
);

// Each field changes only when given (a flag says so, as null is a value for the description);
// enabling clears the service's reason and the failing streak.
const UPDATE = statement(
  'webhook_endpoints_update',
  `update "webhook_endpoints" set
"url" = case when ? then ? else "url" end,
"event_types" = case when ? then ?::text[] else "event_types" end,
"description" = case when ? then ? else "description" end,
"disabled_reason" = case when ?::boolean is true and not "enabled" then null else "disabled_reason" end,
"failing_since" = case when ?::boolean is true and not "enabled" then null else "failing_since" end,
"enabled" = coalesce(?::boolean, "enabled"),
"updated_at" = ?
where "organization_id" = ? and "id" = ? returning ${COLUMNS}`,
);

const ROTATE = statement(
  'webhook_endpoints_rotate_secret',
  `update "webhook_endpoints" set "previous_sealed_secret" = "sealed_secret", "sealed_secret" = ?,
"previous_secret_expires_at" = ?, "updated_at" = ?
where "organization_id" = ? and "id" = ? returning ${COLUMNS}`,
);

const DISABLE = statement(
  'webhook_endpoints_disable',
  `update "webhook_endpoints" set "enabled" = false, "disabled_reason" = ?, "updated_at" = ?
where "id" = ? and "enabled" returning "id"`,
);

const MARK_FAILING = statement(
  'webhook_endpoints_mark_failing',
  `update "webhook_endpoints" set "failing_since" = coalesce("failing_since", ?) where "id" = ? returning "failing_since"`,
);

const CLEAR_FAILING = statement(
  'webhook_endpoints_clear_failing',
  `update "webhook_endpoints" set "failing_since" = null where "id" = ? and "failing_since" is not null`,
);

const REMOVE = statement('webhook_endpoints_remove', `delete from "webhook_endpoints" where "organization_id" = ? and "id" = ?`);

/** A `webhook_endpoints` row as raw SQL returns it. */
export interface WebhookEndpointRecord {
  readonly id: unknown;
  readonly organization_id: unknown;
  readonly url: unknown;
  readonly event_types: unknown;
  readonly description: unknown;
  readonly enabled: unknown;
  readonly disabled_reason: unknown;
  readonly sealed_secret: unknown;
  readonly previous_sealed_secret: unknown;
  readonly previous_secret_expires_at: unknown;
  readonly failing_since: unknown;
  readonly created_at: unknown;
  readonly updated_at: unknown;
}

const EventTypes: ColumnCodec<WebhookEndpoint['eventTypes']> = {
  name: 'EventType[]',
  decode: (input) =>
    Array.isArray(input) && input.every((type) => E.isRight(EventTypeCodec.decode(type)))
      ? E.right(input as WebhookEndpoint['eventTypes'])
      : E.left(input),
};

const Bool: ColumnCodec<boolean> = { name: 'boolean', decode: (input) => (typeof input === 'boolean' ? E.right(input) : E.left(input)) };

const Reason: ColumnCodec<DisabledReason> = {
  name: 'DisabledReason',
  decode: (input) => (input === 'gone' || input === 'failing' ? E.right(input) : E.left(input)),
};

/** The WebhookEndpoints port on raw SQL; writes join the surrounding unit of work's transaction. */
export class SqlWebhookEndpoints implements WebhookEndpoints {
  constructor(
    private readonly sql: SqlRunner,
    private readonly parseDate: DateParser,
  ) {}

  create(endpoint: WebhookEndpoint): Promise<void> {
    return guarded('webhookEndpoints.create', async () => {
      await this.sql.run(CREATE, [
        endpoint.id,
        endpoint.organizationId,
        endpoint.url,
        [...endpoint.eventTypes],
        endpoint.description,
        endpoint.enabled,
        endpoint.disabledReason,
        endpoint.secret,
        endpoint.previousSecret,
        endpoint.previousSecretExpiresAt,
        endpoint.failingSince,
        endpoint.createdAt,
        endpoint.updatedAt,
      ]);
    });
  }

  find(organizationId: string, id: string): Promise<O.Option<WebhookEndpoint>> {
    return guarded('webhookEndpoints.find', async () => this.first(await this.sql.rows<WebhookEndpointRecord>(FIND, [organizationId, id])));
  }

  list(organizationId: string, page: PageRequest): Promise<Page<WebhookEndpoint>> {
    return guarded('webhookEndpoints.list', async () => {
      const cursor = page.cursor;
      if (cursor !== undefined && !isRowPosition(cursor)) return emptyPage<WebhookEndpoint>();
      const rows =
        cursor === undefined
          ? await this.sql.rows<WebhookEndpointRecord>(LIST_FIRST, [organizationId, page.limit + 1])
          : await this.sql.rows<WebhookEndpointRecord>(LIST_AFTER, [organizationId, cursor.at, cursor.id, page.limit + 1]);
      return keysetPage(
        rows.map((row) => this.toDomain(row)),
        page,
        (endpoint) => ({ at: endpoint.createdAt, id: endpoint.id }),
      );
    });
  }

  listSubscribed(organizationId: string, type: string): Promise<readonly WebhookEndpoint[]> {
    return guarded('webhookEndpoints.listSubscribed', async () =>
      (await this.sql.rows<WebhookEndpointRecord>(LIST_SUBSCRIBED, [organizationId, type])).map((row) => this.toDomain(row)),
    );
  }

  update(organizationId: string, id: string, changes: WebhookEndpointChanges, at: Date): Promise<O.Option<WebhookEndpoint>> {
    return guarded('webhookEndpoints.update', async () =>
      this.first(
        await this.sql.rows<WebhookEndpointRecord>(UPDATE, [
          changes.url !== undefined,
          changes.url ?? null,
          changes.eventTypes !== undefined,
          changes.eventTypes === undefined ? null : [...changes.eventTypes],
          changes.description !== undefined,
          changes.description ?? null,
          changes.enabled ?? null,
          changes.enabled ?? null,
          changes.enabled ?? null,
          at,
          organizationId,
          id,
        ]),
      ),
    );
  }

  rotateSecret(
    organizationId: string,
    id: string,
    secret: SealedEndpointSecret,
    previousExpiresAt: Date,
    at: Date,
  ): Promise<O.Option<WebhookEndpoint>> {
    return guarded('webhookEndpoints.rotateSecret', async () =>
      this.first(await this.sql.rows<WebhookEndpointRecord>(ROTATE, [secret, previousExpiresAt, at, organizationId, id])),
    );
  }

  disable(id: string, reason: DisabledReason, at: Date): Promise<boolean> {
    return guarded('webhookEndpoints.disable', async () => (await this.sql.rows(DISABLE, [reason, at, id])).length === 1);
  }

  markFailing(id: string, at: Date): Promise<Date | null> {
    return guarded('webhookEndpoints.markFailing', async () => {
      const [row] = await this.sql.rows<{ failing_since: unknown }>(MARK_FAILING, [at, id]);
      return row === undefined ? null : requireDate(row.failing_since, this.parseDate, 'webhook_endpoints.failing_since');
    });
  }

  clearFailing(id: string): Promise<void> {
    return guarded('webhookEndpoints.clearFailing', async () => {
      await this.sql.run(CLEAR_FAILING, [id]);
    });
  }

  remove(organizationId: string, id: string): Promise<boolean> {
    return guarded('webhookEndpoints.remove', async () => (await this.sql.run(REMOVE, [organizationId, id])) === 1);
  }

  private first(rows: readonly WebhookEndpointRecord[]): O.Option<WebhookEndpoint> {
    const [row] = rows;
    return row === undefined ? O.none : O.some(this.toDomain(row));
  }

  private toDomain(row: WebhookEndpointRecord): WebhookEndpoint {
    return endpointOfRow(row, this.parseDate);
  }
}

/** A `webhook_endpoints` row as the core's `WebhookEndpoint`. */
export const endpointOfRow = (row: WebhookEndpointRecord, parseDate: DateParser): WebhookEndpoint => {
  const date = (value: unknown, column: string) => (value === null ? null : requireDate(value, parseDate, column));
  return {
    id: decodeColumn(Text, row.id, 'webhook_endpoints.id'),
    organizationId: decodeColumn(Text, row.organization_id, 'webhook_endpoints.organization_id'),
    url: decodeColumn(Text, row.url, 'webhook_endpoints.url'),
    eventTypes: decodeColumn(EventTypes, row.event_types, 'webhook_endpoints.event_types'),
    description: decodeNullable(Text, row.description, 'webhook_endpoints.description'),
    enabled: decodeColumn(Bool, row.enabled, 'webhook_endpoints.enabled'),
    disabledReason: decodeNullable(Reason, row.disabled_reason, 'webhook_endpoints.disabled_reason'),
    secret: decodeColumn(Text, row.sealed_secret, 'webhook_endpoints.sealed_secret') as SealedEndpointSecret,
    previousSecret: decodeNullable(
      Text,
      row.previous_sealed_secret,
      'webhook_endpoints.previous_sealed_secret',
    ) as SealedEndpointSecret | null,
    previousSecretExpiresAt: date(row.previous_secret_expires_at, 'webhook_endpoints.previous_secret_expires_at'),
    failingSince: date(row.failing_since, 'webhook_endpoints.failing_since'),
    createdAt: requireDate(row.created_at, parseDate, 'webhook_endpoints.created_at'),
    updatedAt: requireDate(row.updated_at, parseDate, 'webhook_endpoints.updated_at'),
  };
};
