import type { AgreementDocument, AgreementDocuments } from '@idv/core';
import PDFDocument from 'pdfkit';
import { writeAgreement } from './agreement-pages.js';
import { writeEvidencePage } from './evidence-page.js';
import { documentFonts, type DocumentFonts } from './fonts.js';
import { labelsFor } from './labels.js';
import { writePageFooters } from './page-footers.js';
import { writeSignerBlock } from './signer-block.js';
import { BOLD_FONT, BODY_FONT, MARGIN } from './typesetting.js';

const collect = (doc: PDFKit.PDFDocument): Promise<Uint8Array> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on('error', reject);
  });

const renderWith = (fonts: DocumentFonts, document: AgreementDocument): Promise<Uint8Array> => {
  const labels = labelsFor(document.agreement.language);
  // Every metadata field is taken from the document (pdfkit would stamp the current time), and the
  // file ID is derived from them: the same document gives the same bytes.
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    autoFirstPage: false,
    lang: document.agreement.language,
    displayTitle: true,
    info: {
      Title: document.agreement.title,
      Author: document.organizationName,
      Creator: '@idv/adapters-documents',
      CreationDate: document.generatedAt,
      ModDate: document.generatedAt,
    },
  });
  const bytes = collect(doc);
  // pdfkit takes a parsed fontkit font as a source too (its typings list only files and buffers).
  doc.registerFont(BODY_FONT, fonts.regular as unknown as Buffer).registerFont(BOLD_FONT, fonts.bold as unknown as Buffer);
  doc.addPage();
  writeAgreement(doc, document, labels);
  writeSignerBlock(doc, document, labels);
  writeEvidencePage(doc, document, labels);
  writePageFooters(doc, document.evidence.receiptId, labels);
  doc.end();
  return bytes;
};

/**
 * The `AgreementDocuments` port on pdfkit: A4 pages in DejaVu Sans (embedded and subset, so Turkish
 * and other Latin-extended names render), labels in the agreement's language, the text, the signer
 * block, an evidence page, and the receipt id with page numbers on every page.
 *
 * @example
 * const documents = createPdfAgreementDocuments();
 * const pdf = await documents.render(document); // Uint8Array, application/pdf
 */
export const createPdfAgreementDocuments = (): AgreementDocuments => ({
  render: async (document) => renderWith(await documentFonts(), document),
});
