import type { AgreementDocument } from '../agreements/agreement-document.js';
import type { AgreementDocuments } from '../agreements/ports/agreement-documents.js';

const summaryOf = (document: AgreementDocument): string => {
  const { agreement, signer, evidence } = document;
  const nationalId = signer.nationalId.kind === 'shown' ? signer.nationalId.value : `absent: ${signer.nationalId.reason}`;
  return [
    '%PDF-recorded',
    `organization: ${document.organizationName}`,
    `agreement: ${agreement.title} v${agreement.versionNumber} (${agreement.kind}, ${agreement.language})`,
    `signer: ${signer.name} <${signer.email}>`,
    `national ID: ${nationalId}`,
    `receipt: ${evidence.receiptId}`,
    `text sha256: ${evidence.textSha256}`,
    `generated: ${document.generatedAt.toISOString()}`,
    '',
  ].join('\n');
};

/**
 * An `AgreementDocuments` that keeps every document it is asked to render (`rendered`) and answers
 * a short text of its facts instead of a PDF: the same document gives the same bytes, and a test can
 * search them (for a national ID, say) as it would a real PDF's text.
 */
export class RecordingAgreementDocuments implements AgreementDocuments {
  /** Every document rendered so far, in order. */
  readonly rendered: AgreementDocument[] = [];

  render(document: AgreementDocument): Promise<Uint8Array> {
    this.rendered.push(document);
    return Promise.resolve(new TextEncoder().encode(summaryOf(document)));
  }
}
