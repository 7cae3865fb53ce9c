import type { AgreementDocument, NationalId } from '@idv/core';
import { signaturePng } from './signature-png.js';

const clause = (n: number): string =>
  `## Madde ${n}\nÜye, salonun güvenlik kurallarına uymayı, ekipmanı personelin gösterdiği biçimde kullanmayı ve antrenmanını ` +
  `etkileyebilecek her **sağlık sorununu** bir sonraki seanstan önce bildirmeyi kabul eder. Çağrı, Işıl, İlkay ve Görkem ` +
  `gibi adlar da doğru görünür.\n- Isınma zorunludur.\n- Ağırlıklar yerine konur.`;

/**
 * The benchmark's agreement: Turkish Markdown with headings, bold and lists, a drawn signature and a
 * national ID, three pages in all (two of text and signer, one of evidence).
 */
export const threePageAgreement = (): AgreementDocument => ({
  organizationName: 'Güçlü Spor Kulübü',
  agreement: {
    title: 'Üyelik sözleşmesi ve sorumluluk feragatnamesi',
    versionNumber: 4,
    language: 'tr',
    kind: 'membership',
    format: 'markdown',
    text: Array.from({ length: 9 }, (_, index) => clause(index + 1)).join('\n\n'),
  },
  signer: { name: 'Çağrı Işık İĞÜŞÖÇ', email: 'cagri.isik@example.com', nationalId: { kind: 'shown', value: '10000000146' as NationalId } },
  signature: { typedName: 'Çağrı Işık', image: signaturePng() },
  evidence: {
    agreementId: 'agr_bench',
    receiptId: 'rcp_bench',
    templateVersionId: 'tv_bench',
    requestedAt: new Date('2026-12-01T08:00:00.000Z'),
    viewedAt: new Date('2026-12-01T08:05:30.250Z'),
    signedAt: new Date('2026-12-01T08:07:12.500Z'),
    clientAddress: '203.0.113.7',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
    textSha256: 'a3f1c2d4e5b60718293a4b5c6d7e8f90112233445566778899aabbccddeeff00',
    signatureImageSha256: '0f1e2d3c4b5a69788796a5b4c3d2e1f00112233445566778899aabbccddeeff1',
  },
  generatedAt: new Date('2026-12-05T10:00:00.000Z'),
});
