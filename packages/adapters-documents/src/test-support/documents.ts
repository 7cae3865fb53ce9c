import type { AgreementDocument, NationalId } from '@idv/core';
import { signaturePng } from './signature-png.js';

const TEXT = [
  '# Üyelik ve sorumluluk feragatnamesi',
  'Bu sözleşme **Çağrı Işık** ile spor salonu arasındadır.',
  '',
  '## Kurallar',
  '- Antrenman öncesi ısınma **zorunludur**.',
  '- Ekipman kullanımdan sonra yerine konur.',
  '',
  'Üye, sağlık durumunu beyan ettiğini kabul eder.',
].join('\n');

/** A signed Turkish agreement with a drawn signature and a national ID shown; `overrides` replace parts. */
export const signedAgreement = (overrides: Partial<AgreementDocument> = {}): AgreementDocument => ({
  organizationName: 'Güçlü Spor Kulübü',
  agreement: { title: 'Feragatname ve üyelik', versionNumber: 3, language: 'tr', kind: 'waiver', format: 'markdown', text: TEXT },
  signer: { name: 'Çağrı Işık İĞÜŞÖÇ', email: 'cagri.isik@example.com', nationalId: { kind: 'shown', value: '10000000146' as NationalId } },
  signature: { typedName: 'Çağrı Işık', image: signaturePng() },
  evidence: {
    agreementId: 'agr_01JDZ7Q4M8',
    receiptId: 'rcp_01JDZ7Q5X2',
    templateVersionId: 'tv_01JDZ6AA11',
    requestedAt: new Date('2026-12-01T08:00:00.000Z'),
    viewedAt: new Date('2026-12-01T08:05:30.250Z'),
    signedAt: new Date('2026-12-01T08:07:12.500Z'),
    clientAddress: '203.0.113.7',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
    textSha256: 'a3f1c2d4e5b60718293a4b5c6d7e8f90112233445566778899aabbccddeeff00',
    signatureImageSha256: '0f1e2d3c4b5a69788796a5b4c3d2e1f00112233445566778899aabbccddeeff1',
  },
  generatedAt: new Date('2026-12-05T10:00:00.000Z'),
  ...overrides,
});

/** An English agreement long enough to fill the text pages: `paragraphs` numbered clauses. */
export const longEnglishAgreement = (paragraphs = 40): AgreementDocument => {
  const clause = (n: number) =>
    `## Clause ${n}\nThe member agrees to follow the gym's safety rules, to use the equipment as instructed by the staff, and to report any injury or **medical condition** that could affect their training before the next session.`;
  const base = signedAgreement();
  return {
    ...base,
    organizationName: 'Northside Strength',
    agreement: {
      ...base.agreement,
      title: 'Membership agreement',
      language: 'en',
      kind: 'membership',
      text: Array.from({ length: paragraphs }, (_, index) => clause(index + 1)).join('\n\n'),
    },
  };
};
