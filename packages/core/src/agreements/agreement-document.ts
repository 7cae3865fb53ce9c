import type { NationalId } from '../identity/national-id.js';
import type { AgreementKind, AgreementLanguage, AgreementTextFormat } from './agreement-terms.js';

/**
 * Why a signed agreement's document shows no national ID: the template did not ask for one; the
 * signer's account was deleted, which erased it; or the signer is not a live member (`active` or
 * `suspended` with an account) of the organization, so it is nobody's to read.
 */
export type NationalIdAbsence = 'not-required' | 'erased' | 'not-live-member';

/** The national ID line of a document: the number itself, or why it is not there. */
export type DocumentNationalId =
  { readonly kind: 'shown'; readonly value: NationalId } | { readonly kind: 'absent'; readonly reason: NationalIdAbsence };

/** The agreement as the signer saw it. */
export interface DocumentAgreement {
  readonly title: string;
  /** The template version's number (1, 2, …) as staff know it. */
  readonly versionNumber: number;
  readonly language: AgreementLanguage;
  readonly kind: AgreementKind;
  readonly format: AgreementTextFormat;
  /** The full text exactly as signed (its SHA-256 is `evidence.textSha256`). */
  readonly text: string;
}

/** Who signed. */
export interface DocumentSigner {
  readonly name: string;
  readonly email: string;
  readonly nationalId: DocumentNationalId;
}

/** The signature: the name typed (always), and the drawn image when there is one. */
export interface DocumentSignature {
  readonly typedName: string;
  /** A PNG (its SHA-256 is `evidence.signatureImageSha256`). */
  readonly image?: Uint8Array;
}

/** What was recorded when the agreement was requested, viewed and signed. */
export interface DocumentEvidence {
  readonly agreementId: string;
  readonly receiptId: string;
  readonly templateVersionId: string;
  readonly requestedAt: Date;
  /** When the signer first opened the document; absent when it was signed without a recorded view. */
  readonly viewedAt?: Date;
  readonly signedAt: Date;
  /** The client address by the trusted-proxy rule. */
  readonly clientAddress: string;
  readonly userAgent: string;
  /** SHA-256 of the exact text signed, lowercase hex. */
  readonly textSha256: string;
  /** SHA-256 of the signature image, lowercase hex; present exactly when there is an image. */
  readonly signatureImageSha256?: string;
}

/**
 * A signed agreement as a compliance document shows it: pure data, everything already read, opened
 * and hashed. The same document (with the same `generatedAt`) renders to the same bytes.
 */
export interface AgreementDocument {
  readonly organizationName: string;
  readonly agreement: DocumentAgreement;
  readonly signer: DocumentSigner;
  readonly signature: DocumentSignature;
  readonly evidence: DocumentEvidence;
  /** When this rendering was produced (the PDF's creation date). */
  readonly generatedAt: Date;
}
