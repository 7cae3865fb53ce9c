import test from 'ava';
import { agreementTextBlocks, inlineRuns, type TextBlock } from './agreement-text.js';

const plain = (text: string) => ({ text, bold: false });
const bold = (text: string) => ({ text, bold: true });

const parsesAs = test.macro({
  exec(t, text: string, expected: TextBlock[]) {
    t.deepEqual(agreementTextBlocks(text, 'markdown'), expected);
  },
  title: (given) => `markdown: ${given ?? ''}`,
});

test('# and ## start one-line headings', parsesAs, '# Waiver\n## Risks\nBody', [
  { kind: 'heading', level: 1, runs: [plain('Waiver')] },
  { kind: 'heading', level: 2, runs: [plain('Risks')] },
  { kind: 'paragraph', runs: [plain('Body')] },
]);
test('### is not a heading: it stays as written', parsesAs, '### Three', [{ kind: 'paragraph', runs: [plain('### Three')] }]);
test('lines of a paragraph join with a space; blank lines separate paragraphs', parsesAs, 'one\ntwo\r\n\r\n  \nthree', [
  { kind: 'paragraph', runs: [plain('one two')] },
  { kind: 'paragraph', runs: [plain('three')] },
]);
test('"- " and "* " items form one list; a following line continues the item', parsesAs, 'Rules:\n- first\n  more\n* second', [
  { kind: 'paragraph', runs: [plain('Rules:')] },
  { kind: 'bullets', items: [[plain('first more')], [plain('second')]] },
]);
test('**bold** works in headings, paragraphs and items', parsesAs, '# **Şart**\nI **accept** it\n- **Ğ** ı', [
  { kind: 'heading', level: 1, runs: [bold('Şart')] },
  { kind: 'paragraph', runs: [plain('I '), bold('accept'), plain(' it')] },
  { kind: 'bullets', items: [[bold('Ğ'), plain(' ı')]] },
]);

test('an unpaired ** is shown literally, after the pairs before it', (t) => {
  t.deepEqual(inlineRuns('a **b** c **d'), [plain('a '), bold('b'), plain(' c **d')]);
  t.deepEqual(inlineRuns('**'), [plain('**')]);
  t.deepEqual(inlineRuns('_x_ [l](u) <b>'), [plain('_x_ [l](u) <b>')]);
});

test('plain text marks nothing up and keeps line breaks and indentation within a paragraph', (t) => {
  t.deepEqual(agreementTextBlocks('# not a heading\n  **not bold**\n\n- not a list', 'plain'), [
    { kind: 'paragraph', runs: [plain('# not a heading\n  **not bold**')] },
    { kind: 'paragraph', runs: [plain('- not a list')] },
  ]);
});

test('empty text has no blocks', (t) => {
  t.deepEqual(agreementTextBlocks(' \n\n ', 'markdown'), []);
  t.deepEqual(agreementTextBlocks('', 'plain'), []);
});
