import {
  AgreementKind,
  AgreementTextFormat,
  AgreementTexts,
  OrganizationId,
  type AgreementTemplate,
  type AgreementTemplates,
  type AgreementTemplateVersion,
} from '@idv/core';
import * as O from 'fp-ts/lib/Option.js';
import type { DateParser } from '../columns/column-values.js';
import { decodeColumn, requireDate, Text } from '../columns/decode-column.js';
import { toDate } from '../columns/column-values.js';
import { guarded } from '../errors/translate-error.js';
import type { SqlRunner } from '../sql/sql-runner.js';
import { statement } from '../sql/statement.js';

const VERSION_COLUMNS = '"id", "template_id", "number", "kind", "format", "requires_national_id", "texts", "created_at"';
const JOINED = `t."id" as "t_id", t."organization_id", t."archived_at", t."created_at" as "t_created_at", t."updated_at" as "t_updated_at",
  v."id", v."template_id", v."number", v."kind", v."format", v."requires_national_id", v."texts", v."created_at"`;

const INSERT_TEMPLATE = statement(
  'agreement_templates_insert',
  `insert into "agreement_templates" ("id", "organization_id", "current_version_id", "archived_at", "created_at", "updated_at") values (?, ?, ?, ?, ?, ?)`,
);
const INSERT_VERSION = statement(
  'agreement_template_versions_insert',
  `insert into "agreement_template_versions" (${VERSION_COLUMNS}) values (?, ?, ?, ?, ?, ?, ?::jsonb, ?)`,
);
const SET_CURRENT = statement(
  'agreement_templates_set_current',
  `update "agreement_templates" set "current_version_id" = ?, "updated_at" = ? where "id" = ?`,
);
const SET_ARCHIVED = statement(
  'agreement_templates_set_archived',
  `update "agreement_templates" set "archived_at" = ?, "updated_at" = ? where "id" = ?`,
);
const FIND = statement(
  'agreement_templates_find',
  `select ${JOINED} from "agreement_templates" t join "agreement_template_versions" v on v."id" = t."current_version_id"
where t."organization_id" = ? and t."id" = ?`,
);
const LIST = statement(
  'agreement_templates_list',
  `select ${JOINED} from "agreement_templates" t join "agreement_template_versions" v on v."id" = t."current_version_id"
where t."organization_id" = ? order by t."created_at", t."id"`,
);
const FIND_VERSION = statement(
  'agreement_template_versions_find',
  `select ${VERSION_COLUMNS} from "agreement_template_versions" where "id" = ?`,
);

/** An `agreement_template_versions` row as raw SQL returns it. */
interface VersionRecord {
  readonly id: unknown;
  readonly template_id: unknown;
  readonly number: unknown;
  readonly kind: unknown;
  readonly format: unknown;
  readonly requires_national_id: unknown;
  readonly texts: unknown;
  readonly created_at: unknown;
}

/** A template joined with its current version. */
interface TemplateRecord extends VersionRecord {
  readonly t_id: unknown;
  readonly organization_id: unknown;
  readonly archived_at: unknown;
  readonly t_created_at: unknown;
  readonly t_updated_at: unknown;
}

const parsedJson = (value: unknown): unknown => (typeof value === 'string' ? JSON.parse(value) : value);

const versionToDomain = (row: VersionRecord, parseDate: DateParser): AgreementTemplateVersion => ({
  id: decodeColumn(Text, row.id, 'agreement_template_versions.id'),
  templateId: decodeColumn(Text, row.template_id, 'agreement_template_versions.template_id'),
  number: Number(row.number),
  kind: decodeColumn(AgreementKind, row.kind, 'agreement_template_versions.kind'),
  format: decodeColumn(AgreementTextFormat, row.format, 'agreement_template_versions.format'),
  requiresNationalId: row.requires_national_id === true,
  texts: decodeColumn(AgreementTexts, parsedJson(row.texts), 'agreement_template_versions.texts'),
  createdAt: requireDate(row.created_at, parseDate, 'agreement_template_versions.created_at'),
});

const templateToDomain = (row: TemplateRecord, parseDate: DateParser): AgreementTemplate => ({
  id: decodeColumn(Text, row.t_id, 'agreement_templates.id'),
  organizationId: decodeColumn(OrganizationId, row.organization_id, 'agreement_templates.organization_id'),
  current: versionToDomain(row, parseDate),
  archivedAt: toDate(row.archived_at, parseDate),
  createdAt: requireDate(row.t_created_at, parseDate, 'agreement_templates.created_at'),
  updatedAt: requireDate(row.t_updated_at, parseDate, 'agreement_templates.updated_at'),
});

const versionValues = (version: AgreementTemplateVersion): unknown[] => [
  version.id,
  version.templateId,
  version.number,
  version.kind,
  version.format,
  version.requiresNationalId,
  JSON.stringify(version.texts),
  version.createdAt,
];

/** The AgreementTemplates port on raw SQL: `agreement_templates` and its versions, one aggregate. */
export class SqlAgreementTemplates implements AgreementTemplates {
  constructor(
    private readonly sql: SqlRunner,
    private readonly parseDate: DateParser,
  ) {}

  insert(template: AgreementTemplate): Promise<void> {
    return guarded('agreementTemplates.insert', async () => {
      await this.sql.run(INSERT_TEMPLATE, [
        template.id,
        template.organizationId,
        template.current.id,
        template.archivedAt,
        template.createdAt,
        template.updatedAt,
      ]);
      await this.sql.run(INSERT_VERSION, versionValues(template.current));
    });
  }

  addVersion(version: AgreementTemplateVersion, at: Date): Promise<boolean> {
    return guarded('agreementTemplates.addVersion', async () => {
      // The version first: the template's pointer names a row that exists.
      await this.sql.run(INSERT_VERSION, versionValues(version));
      return (await this.sql.run(SET_CURRENT, [version.id, at, version.templateId])) === 1;
    });
  }

  setArchived(templateId: string, archivedAt: Date | null, at: Date): Promise<boolean> {
    return guarded('agreementTemplates.setArchived', async () => (await this.sql.run(SET_ARCHIVED, [archivedAt, at, templateId])) === 1);
  }

  find(organizationId: OrganizationId, templateId: string): Promise<O.Option<AgreementTemplate>> {
    return guarded('agreementTemplates.find', async () => {
      const [row] = await this.sql.rows<TemplateRecord>(FIND, [organizationId, templateId]);
      return row === undefined ? O.none : O.some(templateToDomain(row, this.parseDate));
    });
  }

  findVersion(versionId: string): Promise<O.Option<AgreementTemplateVersion>> {
    return guarded('agreementTemplates.findVersion', async () => {
      const [row] = await this.sql.rows<VersionRecord>(FIND_VERSION, [versionId]);
      return row === undefined ? O.none : O.some(versionToDomain(row, this.parseDate));
    });
  }

  listForOrganization(organizationId: OrganizationId): Promise<readonly AgreementTemplate[]> {
    return guarded('agreementTemplates.listForOrganization', async () =>
      (await this.sql.rows<TemplateRecord>(LIST, [organizationId])).map((row) => templateToDomain(row, this.parseDate)),
    );
  }
}
