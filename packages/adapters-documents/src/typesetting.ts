import type { TextRun } from '@idv/core';

/** The registered font names every part of the PDF uses. */
export const BODY_FONT = 'Body';
/** The bold weight of the same face. */
export const BOLD_FONT = 'Bold';

/** Points: A4 with 2 cm margins. */
export const MARGIN = 56;

/** Writes runs as one flowing paragraph at the current position, wrapping within the margins. */
export const writeRuns = (doc: PDFKit.PDFDocument, runs: readonly TextRun[], options: PDFKit.Mixins.TextOptions = {}): void => {
  runs.forEach((run, index) => {
    doc.font(run.bold ? BOLD_FONT : BODY_FONT).text(run.text, { ...options, continued: index < runs.length - 1 });
  });
  doc.font(BODY_FONT);
};

/** A label in bold followed by its value on the same line (wrapping under it when long). */
export const writeField = (doc: PDFKit.PDFDocument, label: string, value: string): void => {
  writeRuns(doc, [
    { text: `${label}: `, bold: true },
    { text: value, bold: false },
  ]);
  doc.moveDown(0.3);
};

/** Starts a new page unless `height` points still fit on this one. */
export const keepTogether = (doc: PDFKit.PDFDocument, height: number): void => {
  if (doc.y + height > doc.page.maxY()) doc.addPage();
};

/** A thin rule across the text width, with a little space around it. */
export const rule = (doc: PDFKit.PDFDocument): void => {
  doc.moveDown(0.5);
  const y = doc.y;
  doc
    .moveTo(MARGIN, y)
    .lineTo(doc.page.width - MARGIN, y)
    .lineWidth(0.5)
    .strokeColor('#888888')
    .stroke();
  doc.moveDown(0.8);
};

/** An instant as written in the evidence: ISO 8601 in UTC, to the millisecond. */
export const instant = (at: Date): string => at.toISOString();
