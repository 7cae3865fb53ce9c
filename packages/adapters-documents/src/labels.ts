import type { AgreementKind, AgreementLanguage, NationalIdAbsence } from '@idv/core';

/** Every fixed wording of a compliance PDF, in one language. */
export interface DocumentLabels {
  readonly kinds: Readonly<Record<AgreementKind, string>>;
  readonly languages: Readonly<Record<AgreementLanguage, string>>;
  readonly version: (number: number) => string;
  readonly signer: string;
  readonly name: string;
  readonly email: string;
  readonly nationalId: string;
  readonly nationalIdAbsent: Readonly<Record<NationalIdAbsence, string>>;
  readonly signature: string;
  readonly typedName: string;
  readonly evidence: string;
  readonly agreementId: string;
  readonly receiptId: string;
  readonly templateVersionId: string;
  readonly requestedAt: string;
  readonly viewedAt: string;
  readonly signedAt: string;
  readonly notRecorded: string;
  readonly clientAddress: string;
  readonly userAgent: string;
  readonly textSha256: string;
  readonly signatureImageSha256: string;
  readonly noSignatureImage: string;
  readonly generatedAt: string;
  readonly ownHashNote: string;
  readonly footer: (receiptId: string, page: number, pages: number) => string;
}

const EN: DocumentLabels = {
  kinds: { waiver: 'Liability waiver', membership: 'Membership agreement', other: 'Agreement' },
  languages: { en: 'English', tr: 'Turkish' },
  version: (number) => `Version ${number}`,
  signer: 'Signer',
  name: 'Name',
  email: 'E-mail',
  nationalId: 'National ID',
  nationalIdAbsent: {
    'not-required': 'not required by this agreement',
    erased: "not shown: erased when the signer's account was deleted",
    'not-live-member': 'not shown: the signer is not an active or suspended member',
  },
  signature: 'Signature',
  typedName: 'Typed name',
  evidence: 'Evidence',
  agreementId: 'Agreement ID',
  receiptId: 'Receipt ID',
  templateVersionId: 'Template version ID',
  requestedAt: 'Requested at',
  viewedAt: 'Viewed at',
  signedAt: 'Signed at',
  notRecorded: 'not recorded',
  clientAddress: 'Client address',
  userAgent: 'User agent',
  textSha256: 'SHA-256 of the text signed',
  signatureImageSha256: 'SHA-256 of the signature image',
  noSignatureImage: 'no image (typed name only)',
  generatedAt: 'PDF generated at',
  ownHashNote:
    'A PDF cannot hold its own hash. To check that a copy is one this service produced, compute the SHA-256 of the file and verify it through the service for this agreement ID.',
  footer: (receiptId, page, pages) => `Receipt ${receiptId} · Page ${page} of ${pages}`,
};

const TR: DocumentLabels = {
  kinds: { waiver: 'Sorumluluk feragatnamesi', membership: 'Üyelik sözleşmesi', other: 'Sözleşme' },
  languages: { en: 'İngilizce', tr: 'Türkçe' },
  version: (number) => `Sürüm ${number}`,
  signer: 'İmzalayan',
  name: 'Ad soyad',
  email: 'E-posta',
  nationalId: 'Kimlik numarası',
  nationalIdAbsent: {
    'not-required': 'bu sözleşme için gerekli değil',
    erased: 'gösterilmiyor: imzalayanın hesabı silinince silindi',
    'not-live-member': 'gösterilmiyor: imzalayan etkin ya da askıya alınmış bir üye değil',
  },
  signature: 'İmza',
  typedName: 'Yazılan ad',
  evidence: 'Kanıt',
  agreementId: 'Sözleşme kimliği',
  receiptId: 'Makbuz numarası',
  templateVersionId: 'Şablon sürümü kimliği',
  requestedAt: 'İstenme zamanı',
  viewedAt: 'Görüntülenme zamanı',
  signedAt: 'İmzalanma zamanı',
  notRecorded: 'kaydedilmedi',
  clientAddress: 'İstemci adresi',
  userAgent: 'Kullanıcı aracısı (user agent)',
  textSha256: 'İmzalanan metnin SHA-256 özeti',
  signatureImageSha256: 'İmza görselinin SHA-256 özeti',
  noSignatureImage: 'görsel yok (yalnızca yazılan ad)',
  generatedAt: 'PDF oluşturulma zamanı',
  ownHashNote:
    'Bir PDF kendi özetini içeremez. Bir kopyanın bu hizmetçe üretildiğini denetlemek için dosyanın SHA-256 özetini hesaplayın ve bu sözleşme kimliğiyle hizmet üzerinden doğrulayın.',
  footer: (receiptId, page, pages) => `Makbuz ${receiptId} · Sayfa ${page} / ${pages}`,
};

/** The wording of a PDF, in the agreement's own language. */
export const labelsFor = (language: AgreementLanguage): DocumentLabels => (language === 'tr' ? TR : EN);
