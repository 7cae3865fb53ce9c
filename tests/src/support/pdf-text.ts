import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** Each page's text of a PDF as a viewer reads it (pdfjs-dist), runs of white space collapsed. */
export const pdfPages = async (bytes: Uint8Array): Promise<string[]> => {
  // pdfjs takes ownership of the buffer it is given: hand it a copy.
  const pdf = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false }).promise;
  try {
    const pages: string[] = [];
    for (let number = 1; number <= pdf.numPages; number += 1) {
      const content = await (await pdf.getPage(number)).getTextContent();
      pages.push(
        content.items
          .map((item) => ('str' in item ? item.str + (item.hasEOL ? ' ' : '') : ''))
          .join('')
          .replace(/\s+/g, ' ')
          .trim(),
      );
    }
    return pages;
  } finally {
    await pdf.destroy();
  }
};
