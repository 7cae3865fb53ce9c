import { readFile } from 'node:fs/promises';
import { create, type Font } from 'fontkit';

/** The embedded typeface, parsed: DejaVu Sans covers Latin-extended (Turkish `ş ğ ı İ`), Greek and Cyrillic. */
export interface DocumentFonts {
  readonly regular: Font;
  readonly bold: Font;
}

const load = async (name: string): Promise<Font> => {
  const font = create(await readFile(new URL(import.meta.resolve(`dejavu-fonts-ttf/ttf/${name}`))));
  if (!('layout' in font)) throw new Error(`${name} is a font collection, not one font`);
  // fontkit keeps each glyph with the characters it was first asked for, and pdfkit maps a glyph
  // back to text from them. Shared across documents, a glyph first met as a part of another (C in
  // a bold Ç) would lose its character in every later PDF: meeting every glyph through its own
  // character first makes each rendering independent of the ones before it.
  for (const codePoint of font.characterSet) font.glyphForCodePoint(codePoint);
  return font;
};

let loading: Promise<DocumentFonts> | undefined;

/**
 * The font files, read and parsed once per process. Parsing a 700 KB TrueType file costs more than
 * laying out a whole agreement, so every rendering shares these (pdfkit subsets them per document).
 */
export const documentFonts = (): Promise<DocumentFonts> => {
  loading ??= Promise.all([load('DejaVuSans.ttf'), load('DejaVuSans-Bold.ttf')]).then(([regular, bold]) => ({ regular, bold }));
  return loading;
};
