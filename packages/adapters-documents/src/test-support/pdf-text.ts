import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** What a PDF parser reads back from a rendered PDF. */
export interface ReadPdf {
  /** Each page's text, lines joined by a space, runs of white space collapsed. */
  readonly pages: readonly string[];
  /** The document information dictionary as the parser decoded it. */
  readonly info: Readonly<Record<string, unknown>>;
}

/** Reads a PDF with pdfjs-dist, as a viewer or an auditor's tool would. */
export const readPdf = async (bytes: Uint8Array): Promise<ReadPdf> => {
  // pdfjs takes ownership of the buffer it is given: hand it a copy.
  const pdf = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false }).promise;
  try {
    const pages: string[] = [];
    for (let number = 1; number <= pdf.numPages; number += 1) {
      const content = await (await pdf.getPage(number)).getTextContent();
      const text = content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? ' ' : '') : '')).join('');
      pages.push(text.replace(/\s+/g, ' ').trim());
    }
    const { info } = await pdf.getMetadata();
    return { pages, info: info as Record<string, unknown> };
  } finally {
    await pdf.destroy();
  }
};
