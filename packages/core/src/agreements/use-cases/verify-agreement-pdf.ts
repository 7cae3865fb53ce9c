import * as E from 'fp-ts/lib/Either.js';
import * as O from 'fp-ts/lib/Option.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { AuthPayload } from '../../identity/auth-payload.js';
import { authorize, type AuthorizationError } from '../../membership/authorize.js';
import type { OrganizationId } from '../../organization/organization.js';
import type { AgreementsPorts } from '../agreement-ports.js';
import { agreementNotFound, type AgreementNotFound } from '../agreements.errors.js';

/** Whether a PDF is one the service rendered for the agreement, and when. */
export type PdfVerification = { readonly produced: true; readonly renderedAt: Date } | { readonly produced: false };

/** What verifying a compliance PDF can answer. */
export type VerifyAgreementPdfError = AuthorizationError | AgreementNotFound;

/**
 * Says whether a PDF with this SHA-256 is a compliance document the service rendered for one of the
 * organization's agreements (`compliance.read`). A PDF cannot hold its own hash, so the answer comes
 * from the renditions kept at each download; any changed byte gives another hash, never produced.
 *
 * @example
 * await verifyAgreementPdf(ports)(request.auth, orgId, agreementId, sha256)(); // Right({ produced: true, renderedAt })
 */
export const verifyAgreementPdf =
  (ports: AgreementsPorts) =>
  (
    caller: AuthPayload,
    organizationId: OrganizationId,
    agreementId: string,
    sha256: string,
  ): TE.TaskEither<VerifyAgreementPdfError, PdfVerification> =>
  async () => {
    const authorized = await authorize(ports)(caller, organizationId, 'compliance.read')();
    if (E.isLeft(authorized)) return authorized;
    const agreement = await ports.agreements.find(agreementId);
    if (O.isNone(agreement) || agreement.value.organizationId !== organizationId) return E.left(agreementNotFound());
    const rendition = await ports.agreementRenditions.find(agreementId, sha256.toLowerCase());
    return E.right(O.isSome(rendition) ? { produced: true, renderedAt: rendition.value.renderedAt } : { produced: false });
  };
