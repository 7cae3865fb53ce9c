import { IdempotencyKey, type IdempotencyAnswer, type IdempotencyRecord, type IdempotencyRecords } from '@idv/core';
import * as E from 'fp-ts/lib/Either.js';
import type { DateParser } from '../columns/column-values.js';
import { decodeColumn, requireDate, Text, type ColumnCodec } from '../columns/decode-column.js';
import { guarded } from '../errors/translate-error.js';
import type { SqlRunner } from '../sql/sql-runner.js';
import { statement } from '../sql/statement.js';

const COLUMNS = '"scope", "key", "fingerprint", "answer", "created_at", "expires_at"';

// One statement decides the claim: a new key is inserted, an expired one replaced; a live one is left
// as it is (no row returned), so of two concurrent claims exactly one gets a row back.
const CLAIM = statement(
  'idempotency_records_claim',
  `insert into "idempotency_records" (${COLUMNS}) values (?, ?, ?, null, ?, ?)
on conflict ("scope", "key") do update set "fingerprint" = excluded."fingerprint", "answer" = null,
"created_at" = excluded."created_at", "expires_at" = excluded."expires_at"
where "idempotency_records"."expires_at" <= excluded."created_at" returning "key"`,
);
const FIND = statement('idempotency_records_find', `select ${COLUMNS} from "idempotency_records" where "scope" = ? and "key" = ?`);
const COMPLETE = statement(
  'idempotency_records_complete',
  `update "idempotency_records" set "answer" = ?::jsonb where "scope" = ? and "key" = ?`,
);
const RELEASE = statement(
  'idempotency_records_release',
  `delete from "idempotency_records" where "scope" = ? and "key" = ? and "answer" is null`,
);
const PRUNE = statement('idempotency_records_prune', `delete from "idempotency_records" where "expires_at" <= ?`);

/** An `idempotency_records` row as raw SQL returns it. */
interface IdempotencyRecordRecord {
  readonly scope: unknown;
  readonly key: unknown;
  readonly fingerprint: unknown;
  readonly answer: unknown;
  readonly created_at: unknown;
  readonly expires_at: unknown;
}

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/** A kept answer: `{ status, body }` (a string when the driver leaves jsonb unparsed). */
const Answer: ColumnCodec<IdempotencyAnswer> = {
  name: 'IdempotencyAnswer',
  decode: (input) => {
    const value = typeof input === 'string' ? parseJson(input) : input;
    return typeof value === 'object' && value !== null && typeof (value as { status?: unknown }).status === 'number' && 'body' in value
      ? E.right(value as IdempotencyAnswer)
      : E.left(input);
  },
};

const recordToDomain = (row: IdempotencyRecordRecord, parseDate: DateParser): IdempotencyRecord => ({
  scope: decodeColumn(Text, row.scope, 'idempotency_records.scope'),
  key: decodeColumn(IdempotencyKey, row.key, 'idempotency_records.key'),
  fingerprint: decodeColumn(Text, row.fingerprint, 'idempotency_records.fingerprint'),
  answer: row.answer === null || row.answer === undefined ? null : decodeColumn(Answer, row.answer, 'idempotency_records.answer'),
  createdAt: requireDate(row.created_at, parseDate, 'idempotency_records.created_at'),
  expiresAt: requireDate(row.expires_at, parseDate, 'idempotency_records.expires_at'),
});

/** The IdempotencyRecords port on raw SQL through the repositories' runner (see `SqlUsers`). */
export class SqlIdempotencyRecords implements IdempotencyRecords {
  constructor(
    private readonly sql: SqlRunner,
    private readonly parseDate: DateParser,
  ) {}

  claim(record: Omit<IdempotencyRecord, 'answer'>): Promise<IdempotencyRecord | null> {
    return guarded('idempotencyRecords.claim', async () => {
      const claimed = await this.sql.rows(CLAIM, [record.scope, record.key, record.fingerprint, record.createdAt, record.expiresAt]);
      if (claimed.length > 0) return null;
      const [row] = await this.sql.rows<IdempotencyRecordRecord>(FIND, [record.scope, record.key]);
      // The live record cannot vanish between the two statements unless released: then claim again.
      return row === undefined ? this.claim(record) : recordToDomain(row, this.parseDate);
    });
  }

  complete(scope: string, key: IdempotencyKey, answer: IdempotencyAnswer): Promise<void> {
    return guarded('idempotencyRecords.complete', async () => {
      await this.sql.run(COMPLETE, [JSON.stringify(answer), scope, key]);
    });
  }

  release(scope: string, key: IdempotencyKey): Promise<void> {
    return guarded('idempotencyRecords.release', async () => {
      await this.sql.run(RELEASE, [scope, key]);
    });
  }

  pruneExpired(now: Date): Promise<number> {
    return guarded('idempotencyRecords.pruneExpired', () => this.sql.run(PRUNE, [now]));
  }
}
