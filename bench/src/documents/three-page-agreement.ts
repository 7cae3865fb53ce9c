import type { AgreementDocument } from '@idv/core';
// The package's own signed fixture (its drawn signature, national ID and evidence), with a longer text.
import { signedAgreement } from '../../../packages/adapters-documents/dist/test-support/documents.js';

const clause = (n: number): string =>
  `## Madde ${n}\nÜye, salonun güvenlik kurallarına uymayı, ekipmanı personelin gösterdiği biçimde kullanmayı ve antrenmanını ` +
  `etkileyebilecek her **sağlık sorununu** bir sonraki seanstan önce bildirmeyi kabul eder. Çağrı, Işıl, İlkay ve Görkem ` +
  `gibi adlar da doğru görünür.\n- Isınma zorunludur.\n- Ağırlıklar yerine konur.`;

/**
 * The benchmark's agreement: Turkish Markdown with headings, bold and lists, a drawn signature and a
 * national ID, three pages in all (two of text and signer, one of evidence).
 */
export const threePageAgreement = (): AgreementDocument => {
  const fixture = signedAgreement();
  return signedAgreement({
    agreement: {
      ...fixture.agreement,
      title: 'Üyelik sözleşmesi ve sorumluluk feragatnamesi',
      kind: 'membership',
      text: Array.from({ length: 9 }, (_, index) => clause(index + 1)).join('\n\n'),
    },
  });
};
