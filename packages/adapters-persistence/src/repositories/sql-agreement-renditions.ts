import type { AgreementRendition, AgreementRenditions } from '@idv/core';
import * as O from 'fp-ts/lib/Option.js';
import type { DateParser } from '../columns/column-values.js';
import { decodeColumn, requireDate, Text } from '../columns/decode-column.js';
import { guarded } from '../errors/translate-error.js';
import type { SqlRunner } from '../sql/sql-runner.js';
import { statement } from '../sql/statement.js';

const COLUMNS = '"agreement_id", "sha256", "rendered_at"';

// The same bytes rendered twice keep their first time: the primary key makes the second a no-op.
const RECORD = statement(
  'agreement_renditions_record',
  `insert into "agreement_renditions" (${COLUMNS}) values (?, ?, ?) on conflict ("agreement_id", "sha256") do nothing`,
);
const FIND = statement(
  'agreement_renditions_find',
  `select ${COLUMNS} from "agreement_renditions" where "agreement_id" = ? and "sha256" = ?`,
);

/** An `agreement_renditions` row as raw SQL returns it. */
interface AgreementRenditionRecord {
  readonly agreement_id: unknown;
  readonly sha256: unknown;
  readonly rendered_at: unknown;
}

const recordToDomain = (row: AgreementRenditionRecord, parseDate: DateParser): AgreementRendition => ({
  agreementId: decodeColumn(Text, row.agreement_id, 'agreement_renditions.agreement_id'),
  sha256: decodeColumn(Text, row.sha256, 'agreement_renditions.sha256'),
  renderedAt: requireDate(row.rendered_at, parseDate, 'agreement_renditions.rendered_at'),
});

/** The AgreementRenditions port on raw SQL through the repositories' runner (see `SqlUsers`). */
export class SqlAgreementRenditions implements AgreementRenditions {
  constructor(
    private readonly sql: SqlRunner,
    private readonly parseDate: DateParser,
  ) {}

  record(rendition: AgreementRendition): Promise<void> {
    return guarded('agreementRenditions.record', async () => {
      await this.sql.run(RECORD, [rendition.agreementId, rendition.sha256, rendition.renderedAt]);
    });
  }

  find(agreementId: string, sha256: string): Promise<O.Option<AgreementRendition>> {
    return guarded('agreementRenditions.find', async () => {
      const [row] = await this.sql.rows<AgreementRenditionRecord>(FIND, [agreementId, sha256]);
      return row === undefined ? O.none : O.some(recordToDomain(row, this.parseDate));
    });
  }
}
