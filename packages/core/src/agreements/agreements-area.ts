import type { AgreementsPorts } from './agreement-ports.js';
import { agreementPdf } from './use-cases/agreement-pdf.js';
import {
  createAgreementTemplate,
  getAgreementTemplate,
  listAgreementTemplates,
  updateAgreementTemplate,
} from './use-cases/manage-templates.js';
import { issueMyAgreementLink, listMyAgreements } from './use-cases/my-agreements.js';
import { requestAgreement } from './use-cases/request-agreement.js';
import { openAgreementForm, signAgreement } from './use-cases/sign-agreement.js';
import { listOrganizationAgreements, reissueAgreementLink, revokeAgreement } from './use-cases/staff-agreements.js';
import { verifyAgreementPdf } from './use-cases/verify-agreement-pdf.js';

/**
 * The agreements area's use cases bound to their ports: templates, signature requests and their
 * links, the public signing through a link, and the compliance PDF and its verification.
 *
 * @example
 * const agreements = agreementsArea(ports);
 * await agreements.requestAgreement(request.auth, orgId, membershipId, templateId)();
 */
export const agreementsArea = (ports: AgreementsPorts) => ({
  /** See `createAgreementTemplate`. */
  createAgreementTemplate: createAgreementTemplate(ports),
  /** See `updateAgreementTemplate`. */
  updateAgreementTemplate: updateAgreementTemplate(ports),
  /** See `listAgreementTemplates`. */
  listAgreementTemplates: listAgreementTemplates(ports),
  /** See `getAgreementTemplate`. */
  getAgreementTemplate: getAgreementTemplate(ports),
  /** See `requestAgreement`. */
  requestAgreement: requestAgreement(ports),
  /** See `reissueAgreementLink`. */
  reissueAgreementLink: reissueAgreementLink(ports),
  /** See `revokeAgreement`. */
  revokeAgreement: revokeAgreement(ports),
  /** See `listOrganizationAgreements`. */
  listOrganizationAgreements: listOrganizationAgreements(ports),
  /** See `listMyAgreements`. */
  listMyAgreements: listMyAgreements(ports),
  /** See `issueMyAgreementLink`. */
  issueMyAgreementLink: issueMyAgreementLink(ports),
  /** See `openAgreementForm`. */
  openAgreementForm: openAgreementForm(ports),
  /** See `signAgreement`. */
  signAgreement: signAgreement(ports),
  /** See `agreementPdf`. */
  agreementPdf: agreementPdf(ports),
  /** See `verifyAgreementPdf`. */
  verifyAgreementPdf: verifyAgreementPdf(ports),
});

/** The agreements area's bound use cases. */
export type AgreementsArea = ReturnType<typeof agreementsArea>;
