import { AgreementKind, AgreementTextFormat } from '@idv/core';
import { EntitySchema } from '@mikro-orm/core';
import type { OrganizationRow } from './organization.entity.js';
import { MILLISECOND_TIMESTAMP } from './timestamp-columns.js';

/** An `agreement_templates` row as the ORM sees it. */
export interface AgreementTemplateRow {
  id: string;
  organization: OrganizationRow;
  /** The version new requests use (a row of `agreement_template_versions`). */
  currentVersionId: string;
  archivedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The `agreement_templates` table: an organization's templates, archived but never deleted. */
export const AgreementTemplateSchema = new EntitySchema<AgreementTemplateRow>({
  name: 'AgreementTemplate',
  tableName: 'agreement_templates',
  properties: {
    id: { type: 'uuid', primary: true },
    organization: { kind: 'm:1', entity: 'Organization', fieldName: 'organization_id', deleteRule: 'cascade' },
    currentVersionId: { type: 'uuid', fieldName: 'current_version_id' },
    archivedAt: { ...MILLISECOND_TIMESTAMP, fieldName: 'archived_at', nullable: true },
    createdAt: { ...MILLISECOND_TIMESTAMP, fieldName: 'created_at', defaultRaw: 'now()' },
    updatedAt: { ...MILLISECOND_TIMESTAMP, fieldName: 'updated_at', defaultRaw: 'now()' },
  },
  indexes: [{ name: 'agreement_templates_organization_index', properties: ['organization', 'createdAt', 'id'] }],
});

/** An `agreement_template_versions` row as the ORM sees it. */
export interface AgreementTemplateVersionRow {
  id: string;
  template: AgreementTemplateRow;
  number: number;
  kind: AgreementKind;
  format: AgreementTextFormat;
  requiresNationalId: boolean;
  /** `{ en?: { title, body }, tr?: { title, body } }`. */
  texts: unknown;
  createdAt: Date;
}

/** The `agreement_template_versions` table: immutable, numbered per template; signatures point here. */
export const AgreementTemplateVersionSchema = new EntitySchema<AgreementTemplateVersionRow>({
  name: 'AgreementTemplateVersion',
  tableName: 'agreement_template_versions',
  properties: {
    id: { type: 'uuid', primary: true },
    template: { kind: 'm:1', entity: 'AgreementTemplate', fieldName: 'template_id', deleteRule: 'cascade' },
    number: { type: 'integer' },
    kind: { enum: true, items: Object.keys(AgreementKind.keys) },
    format: { enum: true, items: Object.keys(AgreementTextFormat.keys) },
    requiresNationalId: { type: 'boolean', fieldName: 'requires_national_id' },
    texts: { type: 'json', columnType: 'jsonb' },
    createdAt: { ...MILLISECOND_TIMESTAMP, fieldName: 'created_at', defaultRaw: 'now()' },
  },
  uniques: [{ name: 'agreement_template_versions_number_unique', properties: ['template', 'number'] }],
});
