import * as E from 'fp-ts/lib/Either.js';
import * as O from 'fp-ts/lib/Option.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import { appendAudit } from '../../audit/audit-trail.js';
import type { AuthPayload } from '../../identity/auth-payload.js';
import { hasComplianceRecord } from '../../identity/national-id.js';
import { authorize, type AuthorizationError } from '../../membership/authorize.js';
import type { Membership } from '../../membership/membership.js';
import type { OrganizationId } from '../../organization/organization.js';
import type { AgreementDocument, DocumentNationalId } from '../agreement-document.js';
import type { AgreementsPorts } from '../agreement-ports.js';
import { agreementSubject, type Agreement, type AgreementSignature } from '../agreement.js';
import type { AgreementTemplateVersion } from '../agreement-template.js';
import { agreementNotFound, agreementNotSigned, type AgreementNotFound, type AgreementNotSigned } from '../agreements.errors.js';

/** A rendered compliance document. */
export interface AgreementPdf {
  readonly agreementId: string;
  readonly receiptId: string;
  readonly bytes: Uint8Array;
  /** The SHA-256 of `bytes` (lowercase hex), as stored for verification. */
  readonly sha256: string;
}

/** What downloading a compliance document can answer. */
export type AgreementPdfError = AuthorizationError | AgreementNotFound | AgreementNotSigned;

/**
 * The national ID line: shown only when the version asked for one, it was not erased, and the
 * signer is a live member (`active` or `suspended`); otherwise why it is absent.
 */
const nationalIdLine = async (
  ports: AgreementsPorts,
  agreement: Agreement,
  signature: AgreementSignature,
  version: AgreementTemplateVersion,
  membership: Membership | null,
): Promise<DocumentNationalId> => {
  if (!version.requiresNationalId) return { kind: 'absent', reason: 'not-required' };
  if (signature.sealedNationalId === null) return { kind: 'absent', reason: 'erased' };
  if (membership === null || membership.userId === null || !hasComplianceRecord(membership))
    return { kind: 'absent', reason: 'not-live-member' };
  const opened = await ports.nationalIdVault.openFor(agreementSubject(agreement.id), signature.sealedNationalId);
  return O.isSome(opened) ? { kind: 'shown', value: opened.value } : { kind: 'absent', reason: 'erased' };
};

/**
 * A signed agreement of the organization as a compliance PDF (`compliance.read`: owner, admin; the
 * one place a signer's national ID may appear). The download is audited as `compliance.read`, with
 * the document's SHA-256, and that SHA-256 is kept as a rendition (see `verifyAgreementPdf`), both
 * in the same unit of work, before the document is answered. A cancelled or deleted member's
 * agreement stays downloadable, as the gym's legal record, without the national ID.
 *
 * @example
 * await agreementPdf(ports)(request.auth, orgId, agreementId)(); // Right({ bytes, sha256 })
 */
export const agreementPdf =
  (ports: AgreementsPorts) =>
  (caller: AuthPayload, organizationId: OrganizationId, agreementId: string): TE.TaskEither<AgreementPdfError, AgreementPdf> =>
  () =>
    ports.unitOfWork.run<AgreementPdfError, AgreementPdf>(async () => {
      const authorized = await authorize(ports)(caller, organizationId, 'compliance.read')();
      if (E.isLeft(authorized)) return authorized;
      const found = await ports.agreements.find(agreementId);
      if (O.isNone(found) || found.value.organizationId !== organizationId) return E.left(agreementNotFound());
      const agreement = found.value;
      const signature = agreement.signature;
      if (agreement.status !== 'signed' || signature === null) return E.left(agreementNotSigned());
      const version = await ports.agreementTemplates.findVersion(agreement.templateVersionId);
      if (O.isNone(version)) throw new Error(`agreement ${agreement.id} points at a missing template version`);
      const membership = O.toNullable(await ports.memberships.findById(agreement.membershipId));
      const nationalId = await nationalIdLine(ports, agreement, signature, version.value, membership);
      const text = version.value.texts[signature.language]!;
      const document: AgreementDocument = {
        organizationName: authorized.right.organization.name,
        agreement: {
          title: text.title,
          versionNumber: version.value.number,
          language: signature.language,
          kind: version.value.kind,
          format: version.value.format,
          text: text.body,
        },
        signer: { name: signature.typedName, email: membership?.email ?? '', nationalId },
        signature: { typedName: signature.typedName, ...(signature.image === null ? {} : { image: signature.image }) },
        evidence: {
          agreementId: agreement.id,
          receiptId: signature.receiptId,
          templateVersionId: agreement.templateVersionId,
          requestedAt: agreement.requestedAt,
          ...(agreement.viewedAt === null ? {} : { viewedAt: agreement.viewedAt }),
          signedAt: signature.signedAt,
          clientAddress: signature.clientAddress,
          userAgent: signature.userAgent,
          textSha256: signature.textSha256,
          ...(signature.imageSha256 === null ? {} : { signatureImageSha256: signature.imageSha256 }),
        },
        generatedAt: ports.clock.now(),
      };
      const bytes = await ports.agreementDocuments.render(document);
      const sha256 = ports.agreementDigests.sha256(bytes);
      await appendAudit(ports, {
        organizationId,
        action: 'compliance.read',
        actorUserId: authorized.right.actor.userId,
        targetType: 'agreement',
        targetId: agreement.id,
        before: null,
        after: {
          membershipId: agreement.membershipId,
          receiptId: signature.receiptId,
          nationalIdShown: nationalId.kind === 'shown',
          sha256,
        },
      });
      await ports.agreementRenditions.record({ agreementId: agreement.id, sha256, renderedAt: document.generatedAt });
      return E.right({ agreementId: agreement.id, receiptId: signature.receiptId, bytes, sha256 });
    });
