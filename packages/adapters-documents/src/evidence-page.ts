import type { AgreementDocument } from '@idv/core';
import type { DocumentLabels } from './labels.js';
import { BOLD_FONT, BODY_FONT, instant, rule, writeField } from './typesetting.js';

/** The last page: every recorded fact of the signing, and how to check a copy of this PDF. */
export const writeEvidencePage = (doc: PDFKit.PDFDocument, document: AgreementDocument, labels: DocumentLabels): void => {
  const { evidence } = document;
  doc.addPage();
  doc.font(BOLD_FONT).fontSize(15).text(labels.evidence);
  rule(doc);
  doc.font(BODY_FONT).fontSize(10);
  const fields: Array<[string, string]> = [
    [labels.agreementId, evidence.agreementId],
    [labels.receiptId, evidence.receiptId],
    [labels.templateVersionId, evidence.templateVersionId],
    [labels.requestedAt, instant(evidence.requestedAt)],
    [labels.viewedAt, evidence.viewedAt === undefined ? labels.notRecorded : instant(evidence.viewedAt)],
    [labels.signedAt, instant(evidence.signedAt)],
    [labels.clientAddress, evidence.clientAddress],
    [labels.userAgent, evidence.userAgent],
    [labels.textSha256, evidence.textSha256],
    [labels.signatureImageSha256, evidence.signatureImageSha256 ?? labels.noSignatureImage],
    [labels.generatedAt, instant(document.generatedAt)],
  ];
  for (const [label, value] of fields) writeField(doc, label, value);
  rule(doc);
  doc.fontSize(9.5).fillColor('#444444').text(labels.ownHashNote).fillColor('#000000');
};
