import type { AgreementDocument, DocumentNationalId } from '@idv/core';
import type { DocumentLabels } from './labels.js';
import { BOLD_FONT, BODY_FONT, instant, keepTogether, MARGIN, rule, writeField } from './typesetting.js';

const SIGNATURE_BOX: [number, number] = [220, 90];
// The block's height with a drawn signature: kept on one page, never split from its signer.
const BLOCK_HEIGHT = 260;

const nationalIdLine = (nationalId: DocumentNationalId, labels: DocumentLabels): string =>
  nationalId.kind === 'shown' ? nationalId.value : labels.nationalIdAbsent[nationalId.reason];

/** After the text: who signed (the national ID only as the document allows), and the signature. */
export const writeSignerBlock = (doc: PDFKit.PDFDocument, document: AgreementDocument, labels: DocumentLabels): void => {
  const { signer, signature, evidence } = document;
  keepTogether(doc, BLOCK_HEIGHT);
  rule(doc);
  doc.font(BOLD_FONT).fontSize(13).text(labels.signer).moveDown(0.4);
  doc.font(BODY_FONT).fontSize(10.5);
  writeField(doc, labels.name, signer.name);
  writeField(doc, labels.email, signer.email);
  writeField(doc, labels.nationalId, nationalIdLine(signer.nationalId, labels));
  writeField(doc, labels.signedAt, instant(evidence.signedAt));
  doc.moveDown(0.4).font(BOLD_FONT).text(`${labels.signature}:`).moveDown(0.3);
  if (signature.image !== undefined) {
    const top = doc.y;
    doc.image(Buffer.from(signature.image), MARGIN, top, { fit: SIGNATURE_BOX });
    doc.x = MARGIN;
    doc.y = top + SIGNATURE_BOX[1] + 6;
  } else {
    doc.font(BOLD_FONT).fontSize(20).text(signature.typedName).fontSize(10.5).moveDown(0.3);
  }
  doc.font(BODY_FONT);
  writeField(doc, labels.typedName, signature.typedName);
};
