import { agreementTextBlocks, type AgreementDocument, type TextBlock } from '@idv/core';
import type { DocumentLabels } from './labels.js';
import { BOLD_FONT, BODY_FONT, MARGIN, rule, writeRuns } from './typesetting.js';

const BULLET_INDENT = 16;

const writeBlock = (doc: PDFKit.PDFDocument, block: TextBlock): void => {
  if (block.kind === 'heading') {
    doc.moveDown(0.4).fontSize(block.level === 1 ? 15 : 12.5);
    writeRuns(
      doc,
      block.runs.map((run) => ({ ...run, bold: true })),
    );
    doc.fontSize(10.5).moveDown(0.3);
    return;
  }
  if (block.kind === 'paragraph') {
    writeRuns(doc, block.runs, { align: 'left' });
    doc.moveDown(0.6);
    return;
  }
  const width = doc.page.width - 2 * MARGIN - BULLET_INDENT;
  for (const item of block.items) {
    const top = doc.y;
    doc.font(BODY_FONT).text('•', MARGIN, top, { width: BULLET_INDENT, lineBreak: false });
    doc.x = MARGIN + BULLET_INDENT;
    doc.y = top;
    writeRuns(doc, item, { width });
    doc.x = MARGIN;
    doc.moveDown(0.2);
  }
  doc.moveDown(0.4);
};

/** The first pages: the organization, the agreement's title, version, kind and language, and its full text. */
export const writeAgreement = (doc: PDFKit.PDFDocument, document: AgreementDocument, labels: DocumentLabels): void => {
  const { agreement } = document;
  doc.font(BODY_FONT).fontSize(11).fillColor('#444444').text(document.organizationName);
  doc.moveDown(0.3).font(BOLD_FONT).fontSize(18).fillColor('#000000').text(agreement.title);
  doc
    .moveDown(0.2)
    .font(BODY_FONT)
    .fontSize(10)
    .fillColor('#444444')
    .text([labels.version(agreement.versionNumber), labels.kinds[agreement.kind], labels.languages[agreement.language]].join(' · '));
  doc.fillColor('#000000');
  rule(doc);
  doc.fontSize(10.5);
  for (const block of agreementTextBlocks(agreement.text, agreement.format)) writeBlock(doc, block);
};
