import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import anyTest, { type TestFn } from 'ava';
import type { AgreementDocument, NationalId, NationalIdAbsence } from '@idv/core';
import { documentFonts } from './fonts.js';
import { createPdfAgreementDocuments } from './pdf-agreement-documents.js';
import { longEnglishAgreement, signedAgreement } from './test-support/documents.js';
import { readPdf, type ReadPdf } from './test-support/pdf-text.js';

const test = anyTest as TestFn<{ turkish: ReadPdf }>;
const documents = createPdfAgreementDocuments();
const rendered = async (document: AgreementDocument): Promise<ReadPdf> => readPdf(await documents.render(document));
const allText = (pdf: ReadPdf): string => pdf.pages.join(' ');

const english = (overrides: Partial<AgreementDocument> = {}): AgreementDocument => {
  const base = signedAgreement();
  return { ...base, agreement: { ...base.agreement, language: 'en', text: 'I accept the **house rules**.' }, ...overrides };
};
const withNationalId = (document: AgreementDocument, nationalId: AgreementDocument['signer']['nationalId']): AgreementDocument => ({
  ...document,
  signer: { ...document.signer, nationalId },
});
const NATIONAL_ID = '10000000146';
const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

test.before(async (t) => {
  t.context = { turkish: await rendered(signedAgreement()) };
});

test('the agreement pages carry the organization, title, version, kind, language and the full text, Turkish letters intact', (t) => {
  const first = t.context.turkish.pages[0]!;
  for (const expected of [
    'Güçlü Spor Kulübü',
    'Feragatname ve üyelik',
    'Sürüm 3 · Sorumluluk feragatnamesi · Türkçe',
    'Üyelik ve sorumluluk feragatnamesi',
    'Bu sözleşme Çağrı Işık ile spor salonu arasındadır.',
    'Kurallar',
    '• Antrenman öncesi ısınma zorunludur.',
    '• Ekipman kullanımdan sonra yerine konur.',
    'Üye, sağlık durumunu beyan ettiğini kabul eder.',
  ])
    t.true(first.includes(expected), expected);
  t.false(first.includes('**'), 'Markdown is rendered, not shown');
  t.false(first.includes('## '), 'Markdown is rendered, not shown');
});

test('the signer block names the signer (İ Ğ Ü Ş Ö Ç), their e-mail, the national ID when given, and the typed name', (t) => {
  const text = allText(t.context.turkish);
  for (const expected of [
    'İmzalayan',
    'Ad soyad: Çağrı Işık İĞÜŞÖÇ',
    'E-posta: cagri.isik@example.com',
    `Kimlik numarası: ${NATIONAL_ID}`,
    'İmza:',
    'Yazılan ad: Çağrı Işık',
  ])
    t.true(text.includes(expected), expected);
});

test('the evidence page, last and on its own, holds every recorded fact and the note that a PDF cannot hold its own hash', (t) => {
  const { pages } = t.context.turkish;
  const evidence = pages.at(-1)!;
  const { evidence: recorded } = signedAgreement();
  t.true(evidence.startsWith('Kanıt'));
  for (const expected of [
    `Sözleşme kimliği: ${recorded.agreementId}`,
    `Makbuz numarası: ${recorded.receiptId}`,
    `Şablon sürümü kimliği: ${recorded.templateVersionId}`,
    'İstenme zamanı: 2026-12-01T08:00:00.000Z',
    'Görüntülenme zamanı: 2026-12-01T08:05:30.250Z',
    'İmzalanma zamanı: 2026-12-01T08:07:12.500Z',
    'İstemci adresi: 203.0.113.7',
    `Kullanıcı aracısı (user agent): ${recorded.userAgent}`,
    `İmzalanan metnin SHA-256 özeti: ${recorded.textSha256}`,
    `İmza görselinin SHA-256 özeti: ${recorded.signatureImageSha256!}`,
    'PDF oluşturulma zamanı: 2026-12-05T10:00:00.000Z',
    'Bir PDF kendi özetini içeremez.',
  ])
    t.true(evidence.includes(expected), expected);
  t.false(pages.slice(0, -1).join(' ').includes(recorded.textSha256), 'the hashes are on the evidence page only');
});

test('every page carries the receipt id and its number of the total', (t) => {
  const { pages } = t.context.turkish;
  t.is(pages.length, 2);
  pages.forEach((page, index) => t.true(page.endsWith(`Makbuz rcp_01JDZ7Q5X2 · Sayfa ${index + 1} / ${pages.length}`), page));
});

test('an English agreement is labelled in English, and Latin-extended names beyond Turkish render', async (t) => {
  const pdf = await rendered(
    english({ organizationName: 'Ærøskøbing Crossfit', signer: { ...signedAgreement().signer, name: 'Łukasz Żółć-Ångström' } }),
  );
  const text = allText(pdf);
  for (const expected of [
    'Ærøskøbing Crossfit',
    'Version 3 · Liability waiver · English',
    'I accept the house rules.',
    'Signer',
    'Name: Łukasz Żółć-Ångström',
    `National ID: ${NATIONAL_ID}`,
    'Typed name: Çağrı Işık',
    'Evidence',
    'Receipt ID: rcp_01JDZ7Q5X2',
    'A PDF cannot hold its own hash.',
  ])
    t.true(text.includes(expected), expected);
});

const absentReasons: Array<[NationalIdAbsence, string]> = [
  ['erased', "National ID: not shown: erased when the signer's account was deleted"],
  ['not-live-member', 'National ID: not shown: the signer is not an active or suspended member'],
  ['not-required', 'National ID: not required by this agreement'],
];
for (const [reason, wording] of absentReasons) {
  test(`with the national ID absent (${reason}), the PDF says why and holds no national ID`, async (t) => {
    const text = allText(await rendered(withNationalId(english(), { kind: 'absent', reason })));
    t.true(text.includes(wording), text);
    t.false(text.includes(NATIONAL_ID));
  });
}

test("a deleted signer's Turkish agreement says the ID was erased, in Turkish", async (t) => {
  const text = allText(await rendered(withNationalId(signedAgreement(), { kind: 'absent', reason: 'erased' })));
  t.true(text.includes('Kimlik numarası: gösterilmiyor: imzalayanın hesabı silinince silindi'));
  t.false(text.includes(NATIONAL_ID));
});

test('a national ID that is shown is the one given, not another', async (t) => {
  const text = allText(await rendered(withNationalId(english(), { kind: 'shown', value: 'AB-12345' as NationalId })));
  t.true(text.includes('National ID: AB-12345'));
  t.false(text.includes(NATIONAL_ID));
});

test('a typed-only signature shows the typed name as the signature, and the evidence says there is no image', async (t) => {
  const base = english();
  const pdf = await rendered({
    ...base,
    signature: { typedName: 'Ayşe Yılmaz' },
    evidence: { ...base.evidence, signatureImageSha256: undefined, viewedAt: undefined },
  });
  t.true(pdf.pages[0]!.includes('Signature: Ayşe Yılmaz Typed name: Ayşe Yılmaz'), pdf.pages[0]);
  t.true(pdf.pages.at(-1)!.includes('SHA-256 of the signature image: no image (typed name only)'));
  t.true(pdf.pages.at(-1)!.includes('Viewed at: not recorded'));
});

test('an unreadable signature image rejects the rendering: a defect, since the signing edge admits PNGs only', async (t) => {
  const base = english();
  await t.throwsAsync(documents.render({ ...base, signature: { ...base.signature, image: new TextEncoder().encode('<svg/>') } }));
});

test('plain text is shown as written: no Markdown is interpreted', async (t) => {
  const base = english();
  const text = allText(
    await rendered({ ...base, agreement: { ...base.agreement, format: 'plain', text: '# Rule one\n**keep** it\n\n- not a list' } }),
  );
  t.true(text.includes('# Rule one **keep** it - not a list'), text);
});

test('a long agreement runs over several pages, then the signer block, then the evidence page alone', async (t) => {
  const { pages } = await rendered(longEnglishAgreement(14));
  t.is(pages.length, 3);
  t.true(pages[0]!.startsWith('Northside Strength Membership agreement Version 3 · Membership agreement · English Clause 1'), pages[0]);
  const last = pages[1]!;
  t.true(last.indexOf('Clause 14') < last.indexOf('Signer'));
  t.true(pages[2]!.startsWith('Evidence'));
  t.false(pages[2]!.includes('Clause'));
});

test('the same document renders the same bytes, dated by its generated-at', async (t) => {
  const document = signedAgreement();
  const [first, second] = [await documents.render(document), await documents.render(document)];
  t.true(Buffer.from(first).equals(Buffer.from(second)));
  const later = await documents.render({ ...document, generatedAt: new Date('2026-12-06T11:30:00.000Z') });
  t.false(Buffer.from(first).equals(Buffer.from(later)));
  const { info } = await readPdf(first);
  t.like(info, { CreationDate: 'D:20261205100000Z', ModDate: 'D:20261205100000Z', Title: 'Feragatname ve üyelik', Language: 'tr' });
});

test('a rendering does not depend on the ones before it: a fresh process renders the same bytes', async (t) => {
  // Bold Ç is drawn with a bold C inside it: once a shared font had met C that way, later PDFs lost their C.
  await documents.render(signedAgreement());
  const here = await documents.render(longEnglishAgreement(2));
  t.true((await readPdf(here)).pages[0]!.includes('English Clause 1 The member'));
  const script = [
    `import { createPdfAgreementDocuments } from ${JSON.stringify(import.meta.resolve('./pdf-agreement-documents.js'))};`,
    `import { longEnglishAgreement } from ${JSON.stringify(import.meta.resolve('./test-support/documents.js'))};`,
    `import { createHash } from 'node:crypto';`,
    `const bytes = await createPdfAgreementDocuments().render(longEnglishAgreement(2));`,
    `process.stdout.write(createHash('sha256').update(bytes).digest('hex'));`,
  ].join('\n');
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script]);
  t.is(stdout, sha256(here));
});

test('renderings running at once give the bytes each gives alone (the shared fonts keep no state between them)', async (t) => {
  const variants = [signedAgreement(), english(), longEnglishAgreement(3), withNationalId(english(), { kind: 'absent', reason: 'erased' })];
  const alone: string[] = [];
  for (const variant of variants) alone.push(sha256(await documents.render(variant)));
  const together = await Promise.all([...variants, ...variants].map(async (variant) => sha256(await documents.render(variant))));
  t.deepEqual(together, [...alone, ...alone]);
});

test('the PDF starts as a PDF and embeds its font (no reliance on the reader having one)', async (t) => {
  const bytes = Buffer.from(await documents.render(english()));
  t.is(bytes.subarray(0, 5).toString('latin1'), '%PDF-');
  t.regex(bytes.toString('latin1'), /\/FontFile2 /);
  t.regex(bytes.toString('latin1'), /\/BaseFont \/[A-Z]{6}\+DejaVuSans\b/);
});

test('the font files are read and parsed once per process, whatever the number of renderings', async (t) => {
  const before = await documentFonts();
  await documents.render(english());
  t.is(await documentFonts(), before);
});
