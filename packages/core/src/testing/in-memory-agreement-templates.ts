import * as O from 'fp-ts/lib/Option.js';
import type { AgreementTemplate, AgreementTemplateVersion } from '../agreements/agreement-template.js';
import type { AgreementTemplates } from '../agreements/ports/agreement-templates.js';
import type { OrganizationId } from '../organization/organization.js';

interface TemplateRow {
  readonly id: string;
  readonly organizationId: OrganizationId;
  readonly currentVersionId: string;
  readonly archivedAt: Date | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** Templates and their versions in memory. */
export class InMemoryAgreementTemplates implements AgreementTemplates {
  private readonly templates = new Map<string, TemplateRow>();
  private readonly versions = new Map<string, AgreementTemplateVersion>();

  async insert(template: AgreementTemplate): Promise<void> {
    this.versions.set(template.current.id, template.current);
    const { current, ...row } = template;
    this.templates.set(template.id, { ...row, currentVersionId: current.id });
  }

  async addVersion(version: AgreementTemplateVersion, at: Date): Promise<boolean> {
    const row = this.templates.get(version.templateId);
    if (row === undefined) return false;
    this.versions.set(version.id, version);
    this.templates.set(row.id, { ...row, currentVersionId: version.id, updatedAt: at });
    return true;
  }

  async setArchived(templateId: string, archivedAt: Date | null, at: Date): Promise<boolean> {
    const row = this.templates.get(templateId);
    if (row === undefined) return false;
    this.templates.set(templateId, { ...row, archivedAt, updatedAt: at });
    return true;
  }

  async find(organizationId: OrganizationId, templateId: string): Promise<O.Option<AgreementTemplate>> {
    const row = this.templates.get(templateId);
    return row === undefined || row.organizationId !== organizationId ? O.none : O.some(this.toTemplate(row));
  }

  async findVersion(versionId: string): Promise<O.Option<AgreementTemplateVersion>> {
    return O.fromNullable(this.versions.get(versionId));
  }

  /** One version, at once (what the agreements fake joins on). */
  versionOf(versionId: string): AgreementTemplateVersion | undefined {
    return this.versions.get(versionId);
  }

  async listForOrganization(organizationId: OrganizationId): Promise<readonly AgreementTemplate[]> {
    return [...this.templates.values()]
      .filter((row) => row.organizationId === organizationId)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1))
      .map((row) => this.toTemplate(row));
  }

  private toTemplate({ currentVersionId, ...row }: TemplateRow): AgreementTemplate {
    return { ...row, current: this.versions.get(currentVersionId)! };
  }
}
