import type { AgreementTextFormat } from './agreement-terms.js';

/** A stretch of text in one weight. */
export interface TextRun {
  readonly text: string;
  readonly bold: boolean;
}

/** One block of an agreement's text, as every rendering (PDF, hosted page) lays it out. */
export type TextBlock =
  | { readonly kind: 'heading'; readonly level: 1 | 2; readonly runs: readonly TextRun[] }
  | { readonly kind: 'paragraph'; readonly runs: readonly TextRun[] }
  | { readonly kind: 'bullets'; readonly items: ReadonlyArray<readonly TextRun[]> };

const HEADING = /^(#{1,2})[ \t]+(.*)$/;
const BULLET = /^[-*][ \t]+(.*)$/;

/**
 * `**bold**` runs; a `**` without its pair stays as written. Nothing else is markup (no italics,
 * links, escapes or HTML): what is not bold is shown literally.
 */
export const inlineRuns = (text: string): TextRun[] => {
  const parts = text.split('**');
  const closed = parts.length % 2 === 1 ? parts : [...parts.slice(0, -2), `${parts.at(-2)!}**${parts.at(-1)!}`];
  return closed.map((part, index) => ({ text: part, bold: index % 2 === 1 })).filter((run) => run.text !== '');
};

const plainRuns = (text: string): TextRun[] => [{ text, bold: false }];

const chunksOf = (text: string): string[][] =>
  text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((chunk) =>
      chunk
        .split('\n')
        .map((line) => line.trimEnd())
        .filter((line) => line.trim() !== ''),
    )
    .filter((lines) => lines.length > 0);

const markdownBlocks = (lines: readonly string[]): TextBlock[] => {
  const blocks: TextBlock[] = [];
  let paragraph: string[] = [];
  let bullets: string[] = [];
  const flush = () => {
    if (paragraph.length > 0) blocks.push({ kind: 'paragraph', runs: inlineRuns(paragraph.join(' ')) });
    if (bullets.length > 0) blocks.push({ kind: 'bullets', items: bullets.map(inlineRuns) });
    paragraph = [];
    bullets = [];
  };
  for (const line of lines.map((raw) => raw.trim())) {
    const heading = HEADING.exec(line);
    const bullet = BULLET.exec(line);
    if (heading) {
      flush();
      blocks.push({ kind: 'heading', level: heading[1]!.length as 1 | 2, runs: inlineRuns(heading[2]!) });
    } else if (bullet) {
      if (paragraph.length > 0) flush();
      bullets.push(bullet[1]!);
    } else if (bullets.length > 0) {
      // A line under a bullet continues that item, as in Markdown.
      bullets[bullets.length - 1] = `${bullets.at(-1)!} ${line}`;
    } else {
      paragraph.push(line);
    }
  }
  flush();
  return blocks;
};

/**
 * Splits an agreement's text into the blocks it is shown as. Both formats separate paragraphs by
 * blank lines. `plain` keeps every line break and indentation and marks nothing up. `markdown` is a limited subset:
 * `# ` and `## ` start a one-line heading, `- ` or `* ` a bullet item (a following line continues
 * it), other lines join into a paragraph, and `**bold**` works inside any of them.
 */
export const agreementTextBlocks = (text: string, format: AgreementTextFormat): TextBlock[] =>
  format === 'plain'
    ? chunksOf(text).map((lines) => ({ kind: 'paragraph', runs: plainRuns(lines.join('\n')) }))
    : chunksOf(text).flatMap(markdownBlocks);
