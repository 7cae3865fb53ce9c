import * as O from 'fp-ts/lib/Option.js';
import type { AgreementTemplates } from '../agreements/ports/agreement-templates.js';
import type { OrganizationId } from '../organization/organization.js';
import type { AgreementTemplateRef } from './plan.js';

/**
 * The template ids of a plan that are not the organization's live templates (unknown, another
 * organization's, or archived): a buyer could never be asked to sign them.
 */
export const unknownTemplates = async (
  deps: { readonly agreementTemplates: AgreementTemplates },
  organizationId: OrganizationId,
  ids: readonly AgreementTemplateRef[],
): Promise<readonly AgreementTemplateRef[]> => {
  const unknown: AgreementTemplateRef[] = [];
  for (const id of ids) {
    const template = await deps.agreementTemplates.find(organizationId, id);
    if (O.isNone(template) || template.value.archivedAt !== null) unknown.push(id);
  }
  return unknown;
};
