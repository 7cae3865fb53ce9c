import * as t from 'io-ts';
import type { AgreementForm, AgreementSummary, AgreementTemplate, IssuedLink, PdfVerification } from '@idv/core';

/** A template with its current version. */
export const TemplateView = t.type(
  {
    id: t.string,
    organizationId: t.string,
    version: t.number,
    versionId: t.string,
    kind: t.string,
    format: t.string,
    requiresNationalId: t.boolean,
    texts: t.unknown,
    archived: t.boolean,
    createdAt: t.string,
    updatedAt: t.string,
  },
  'AgreementTemplate',
);
/** An agreement with its status and, once signed, its receipt. */
export const AgreementView = t.type(
  {
    id: t.string,
    organizationId: t.string,
    membershipId: t.string,
    templateId: t.string,
    templateVersionId: t.string,
    title: t.string,
    version: t.number,
    status: t.string,
    requestedAt: t.string,
    viewedAt: t.union([t.string, t.null]),
    signedAt: t.union([t.string, t.null]),
    receiptId: t.union([t.string, t.null]),
    signatureImageSha256: t.union([t.string, t.null]),
  },
  'Agreement',
);
/** A signing link, answered once. */
export const LinkView = t.type({ url: t.string, expiresAt: t.string }, 'AgreementLink');
/** The document a link shows. */
export const FormView = t.type(
  {
    agreementId: t.string,
    organizationName: t.string,
    kind: t.string,
    version: t.number,
    language: t.string,
    languages: t.array(t.string),
    title: t.string,
    format: t.string,
    text: t.string,
    textSha256: t.string,
    requiresNationalId: t.boolean,
    signer: t.type({ name: t.union([t.string, t.null]), email: t.union([t.string, t.null]) }),
    expiresAt: t.string,
  },
  'AgreementForm',
);
/** What signing answers. */
export const ReceiptView = t.type({ agreementId: t.string, receiptId: t.string, signedAt: t.string }, 'AgreementReceipt');

/** Whether a PDF is one the service rendered for the agreement, and when. */
export const PdfVerificationView = t.union(
  [t.type({ produced: t.literal(true), renderedAt: t.string }), t.type({ produced: t.literal(false) })],
  'AgreementPdfVerification',
);

/** A template as JSON. */
export const templateJson = (template: AgreementTemplate) => ({
  id: template.id,
  organizationId: template.organizationId,
  version: template.current.number,
  versionId: template.current.id,
  kind: template.current.kind,
  format: template.current.format,
  requiresNationalId: template.current.requiresNationalId,
  texts: template.current.texts,
  archived: template.archivedAt !== null,
  createdAt: template.createdAt.toISOString(),
  updatedAt: template.updatedAt.toISOString(),
});

/** An agreement as JSON. */
export const agreementJson = ({ agreement, title, versionNumber }: AgreementSummary) => ({
  id: agreement.id,
  organizationId: agreement.organizationId,
  membershipId: agreement.membershipId,
  templateId: agreement.templateId,
  templateVersionId: agreement.templateVersionId,
  title,
  version: versionNumber,
  status: agreement.status,
  requestedAt: agreement.requestedAt.toISOString(),
  viewedAt: agreement.viewedAt?.toISOString() ?? null,
  signedAt: agreement.signature?.signedAt.toISOString() ?? null,
  receiptId: agreement.signature?.receiptId ?? null,
  signatureImageSha256: agreement.signature?.imageSha256 ?? null,
});

/** A link as JSON. */
export const linkJson = (link: IssuedLink) => ({ url: link.url, expiresAt: link.expiresAt.toISOString() });

/** The form as JSON. */
export const formJson = (form: AgreementForm) => ({
  agreementId: form.agreementId,
  organizationName: form.organizationName,
  kind: form.kind,
  version: form.versionNumber,
  language: form.language,
  languages: [...form.languages],
  title: form.title,
  format: form.format,
  text: form.text,
  textSha256: form.textSha256,
  requiresNationalId: form.requiresNationalId,
  signer: form.signer,
  expiresAt: form.expiresAt.toISOString(),
});

/** A PDF verification as JSON. */
export const pdfVerificationJson = (verdict: PdfVerification) =>
  verdict.produced ? { produced: true, renderedAt: verdict.renderedAt.toISOString() } : { produced: false };
