import type { Option } from 'fp-ts/lib/Option.js';
import type { OrganizationId } from '../../organization/organization.js';
import type { AgreementTemplate, AgreementTemplateVersion } from '../agreement-template.js';

/**
 * An organization's agreement templates (`agreement_templates`) and their immutable versions
 * (`agreement_template_versions`): one aggregate, a template pointing at its current version.
 */
export interface AgreementTemplates {
  /** Stores a new template and its first version (`template.current`). */
  insert(template: AgreementTemplate): Promise<void>;
  /** Stores a new version and makes it the template's current one; false when no such template. */
  addVersion(version: AgreementTemplateVersion, at: Date): Promise<boolean>;
  /** Archives (`archivedAt`) or restores (null) a template; false when no such template. */
  setArchived(templateId: string, archivedAt: Date | null, at: Date): Promise<boolean>;
  /** The organization's template with this id, with its current version. */
  find(organizationId: OrganizationId, templateId: string): Promise<Option<AgreementTemplate>>;
  /** One version, whichever template's. */
  findVersion(versionId: string): Promise<Option<AgreementTemplateVersion>>;
  /** The organization's templates, archived ones included, oldest first. */
  listForOrganization(organizationId: OrganizationId): Promise<readonly AgreementTemplate[]>;
}
