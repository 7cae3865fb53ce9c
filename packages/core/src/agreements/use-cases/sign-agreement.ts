import * as E from 'fp-ts/lib/Either.js';
import * as O from 'fp-ts/lib/Option.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import { appendAudit } from '../../audit/audit-trail.js';
import { emitEvent } from '../../events/emit-event.js';
import type { NationalId } from '../../identity/national-id.js';
import type { AgreementsPorts } from '../agreement-ports.js';
import type { AgreementLanguage, AgreementTextFormat, AgreementKind } from '../agreement-terms.js';
import { textLanguage, type AgreementTemplateVersion } from '../agreement-template.js';
import { agreementSubject, type Agreement, type AgreementLink, type AgreementSignature } from '../agreement.js';
import {
  agreementInputInvalid,
  agreementLinkExpired,
  agreementLinkNotFound,
  agreementLinkUsed,
  type AgreementInputInvalid,
  type AgreementLinkError,
} from '../agreements.errors.js';

/** An open link, its agreement (pending) and the version it shows. */
interface OpenLink {
  readonly link: AgreementLink;
  readonly agreement: Agreement;
  readonly version: AgreementTemplateVersion;
}

/**
 * The one way a token is read: one SHA-256 and one indexed lookup, whatever the outcome, so the
 * time taken does not tell an unknown token from a used or expired one. A used link, one replaced by
 * a newer link, or one whose agreement is no longer pending answers `AgreementLinkUsed`.
 */
const openLink = async (
  ports: AgreementsPorts,
  token: string,
  now: Date,
  lock: boolean,
): Promise<E.Either<AgreementLinkError, OpenLink>> => {
  const found = await ports.agreements.findLink(ports.agreementDigests.tokenHash(token));
  if (O.isNone(found)) return E.left(agreementLinkNotFound());
  const link = found.value;
  if (link.usedAt !== null || link.revokedAt !== null) return E.left(agreementLinkUsed());
  if (link.expiresAt.getTime() <= now.getTime()) return E.left(agreementLinkExpired());
  const agreement = await (lock ? ports.agreements.lock(link.agreementId) : ports.agreements.find(link.agreementId));
  if (O.isNone(agreement) || agreement.value.status !== 'pending') return E.left(agreementLinkUsed());
  const version = await ports.agreementTemplates.findVersion(agreement.value.templateVersionId);
  if (O.isNone(version)) throw new Error(`agreement ${agreement.value.id} points at a missing template version`);
  return E.right({ link, agreement: agreement.value, version: version.value });
};

/** The document a signing link shows: everything the signer needs, in their language. */
export interface AgreementForm {
  readonly agreementId: string;
  readonly organizationName: string;
  readonly kind: AgreementKind;
  readonly versionNumber: number;
  readonly language: AgreementLanguage;
  /** The languages the version is written in. */
  readonly languages: readonly AgreementLanguage[];
  readonly title: string;
  readonly format: AgreementTextFormat;
  /** The exact text shown (its SHA-256 is `textSha256`). */
  readonly text: string;
  readonly textSha256: string;
  readonly requiresNationalId: boolean;
  /** The signer as known: the membership's e-mail (no name is kept before they type one). */
  readonly signer: { readonly name: string | null; readonly email: string | null };
  readonly expiresAt: Date;
}

/**
 * Opens a signing link (public; the token is the credential): the organization's name, the
 * version's title and text in `wanted` (else English, else Turkish), the signer as known, and
 * whether a national ID is required. The first view is recorded (`viewedAt`) and audited as
 * `agreement.viewed`.
 *
 * @example
 * await openAgreementForm(ports)(token, 'tr')(); // Right({ title, text, requiresNationalId, … })
 */
export const openAgreementForm =
  (ports: AgreementsPorts) =>
  (token: string, wanted: AgreementLanguage | null): TE.TaskEither<AgreementLinkError, AgreementForm> =>
  () =>
    ports.unitOfWork.run<AgreementLinkError, AgreementForm>(async () => {
      const now = ports.clock.now();
      const opened = await openLink(ports, token, now, false);
      if (E.isLeft(opened)) return opened;
      const { link, agreement, version } = opened.right;
      const organization = await ports.organizations.findById(agreement.organizationId);
      const membership = await ports.memberships.findById(agreement.membershipId);
      if (await ports.agreements.markViewed(agreement.id, now)) {
        await appendAudit(ports, {
          organizationId: agreement.organizationId,
          action: 'agreement.viewed',
          actorUserId: O.isSome(membership) ? membership.value.userId : null,
          targetType: 'agreement',
          targetId: agreement.id,
          before: null,
          after: null,
        });
      }
      const language = textLanguage(version.texts, wanted);
      const text = version.texts[language]!;
      return E.right({
        agreementId: agreement.id,
        organizationName: O.isSome(organization) ? organization.value.name : '',
        kind: version.kind,
        versionNumber: version.number,
        language,
        languages: (['en', 'tr'] as const).filter((candidate) => version.texts[candidate] !== undefined),
        title: text.title,
        format: version.format,
        text: text.body,
        textSha256: ports.agreementDigests.sha256(text.body),
        requiresNationalId: version.requiresNationalId,
        signer: { name: null, email: O.isSome(membership) ? membership.value.email : null },
        expiresAt: link.expiresAt,
      });
    });

/** What the signer gives, and what the edge saw of the request. */
export interface SignatureInput {
  readonly typedName: string;
  readonly consent: true;
  readonly signatureImage: Uint8Array | null;
  readonly nationalId: NationalId | null;
  /** The language of the text shown (as `openAgreementForm` chose it for the same wish). */
  readonly language: AgreementLanguage | null;
  /** The client address by the trusted-proxy rule. */
  readonly clientAddress: string;
  readonly userAgent: string;
}

/** What a signer is given: the receipt id. */
export interface SignatureReceipt {
  readonly agreementId: string;
  readonly receiptId: string;
  readonly signedAt: Date;
}

/**
 * Signs through a link (public; the token is the credential), once. In one unit of work: the link
 * is used, the agreement becomes `signed` (immutable from then on) with its evidence — SHA-256 of
 * the exact text shown and its version, signed-at, client address, user agent, typed name, the
 * image and its SHA-256 — the national ID (when the version asks for one) sealed for the agreement,
 * the audit entry `agreement.signed` and the event `agreement.signed`.
 *
 * @example
 * await signAgreement(ports)(token, { typedName: 'Şule Yılmaz', consent: true, signatureImage: null, nationalId: null, language: 'tr', clientAddress, userAgent })();
 */
export const signAgreement =
  (ports: AgreementsPorts) =>
  (token: string, input: SignatureInput): TE.TaskEither<AgreementLinkError | AgreementInputInvalid, SignatureReceipt> =>
  () =>
    ports.unitOfWork.run<AgreementLinkError | AgreementInputInvalid, SignatureReceipt>(async () => {
      const now = ports.clock.now();
      const opened = await openLink(ports, token, now, true);
      if (E.isLeft(opened)) return opened;
      const { link, agreement, version } = opened.right;
      if (version.requiresNationalId && input.nationalId === null)
        return E.left(agreementInputInvalid({ nationalId: 'required by this agreement' }));
      const language = textLanguage(version.texts, input.language);
      const receiptId = `rcpt_${ports.ids.uuid().replaceAll('-', '')}`;
      const signature: AgreementSignature = {
        receiptId,
        signedAt: now,
        language,
        textSha256: ports.agreementDigests.sha256(version.texts[language]!.body),
        typedName: input.typedName,
        image: input.signatureImage,
        imageSha256: input.signatureImage === null ? null : ports.agreementDigests.sha256(input.signatureImage),
        clientAddress: input.clientAddress,
        userAgent: input.userAgent.slice(0, 512),
        // Only what the agreement asks for is kept.
        sealedNationalId:
          version.requiresNationalId && input.nationalId !== null
            ? await ports.nationalIdVault.sealFor(agreementSubject(agreement.id), input.nationalId)
            : null,
        nationalIdErasedAt: null,
      };
      if (!(await ports.agreements.useLink(link.tokenHash, now))) return E.left(agreementLinkUsed());
      if (!(await ports.agreements.sign(agreement.id, signature))) return E.left(agreementLinkUsed());
      const membership = await ports.memberships.findById(agreement.membershipId);
      await appendAudit(ports, {
        organizationId: agreement.organizationId,
        action: 'agreement.signed',
        actorUserId: O.isSome(membership) ? membership.value.userId : null,
        targetType: 'agreement',
        targetId: agreement.id,
        before: { status: 'pending' },
        after: { status: 'signed', receiptId, templateVersionId: agreement.templateVersionId, textSha256: signature.textSha256 },
      });
      await emitEvent(ports, 'agreement.signed', agreement.organizationId, {
        agreementId: agreement.id,
        membershipId: agreement.membershipId,
        templateVersionId: agreement.templateVersionId,
        receiptId,
      });
      return E.right({ agreementId: agreement.id, receiptId, signedAt: now });
    });
