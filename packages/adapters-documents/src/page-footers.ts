import type { DocumentLabels } from './labels.js';
import { BODY_FONT, MARGIN } from './typesetting.js';

/** Writes the receipt id and "page n of m" at the foot of every buffered page. */
export const writePageFooters = (doc: PDFKit.PDFDocument, receiptId: string, labels: DocumentLabels): void => {
  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index += 1) {
    doc.switchToPage(index);
    // The footer sits in the bottom margin: lifting the margin keeps pdfkit from breaking the page for it.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font(BODY_FONT)
      .fontSize(8)
      .fillColor('#666666')
      .text(labels.footer(receiptId, index - start + 1, count), MARGIN, doc.page.height - MARGIN / 2 - 8, {
        width: doc.page.width - 2 * MARGIN,
        align: 'center',
        lineBreak: false,
      });
    doc.page.margins.bottom = bottom;
  }
};
