import { EntitySchema } from '@mikro-orm/core';
import type { AgreementRow } from './agreement.entity.js';
import { MILLISECOND_TIMESTAMP } from './timestamp-columns.js';

/** An `agreement_renditions` row: the SHA-256 of one compliance PDF rendered for an agreement. */
export interface AgreementRenditionRow {
  agreement: AgreementRow;
  /** Lowercase hex of the PDF's bytes; never the bytes. */
  sha256: string;
  renderedAt: Date;
}

/** The `agreement_renditions` table: looked up by agreement and hash (the primary key). */
export const AgreementRenditionSchema = new EntitySchema<AgreementRenditionRow>({
  name: 'AgreementRendition',
  tableName: 'agreement_renditions',
  properties: {
    agreement: { kind: 'm:1', entity: 'Agreement', fieldName: 'agreement_id', primary: true, deleteRule: 'cascade' },
    sha256: { type: 'text', primary: true },
    renderedAt: { ...MILLISECOND_TIMESTAMP, fieldName: 'rendered_at' },
  },
});
