import type { AgreementDocument } from '../agreement-document.js';

/**
 * Renders a signed agreement as a compliance document (a PDF): the agreement's text, the signer and
 * their signature, and an evidence page. The national ID appears only as the document says.
 */
export interface AgreementDocuments {
  /** The rendered file's bytes; the same document renders to the same bytes. */
  render(document: AgreementDocument): Promise<Uint8Array>;
}
