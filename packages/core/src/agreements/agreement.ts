import type { MembershipStatus } from '../membership/membership.js';
import type { MembershipId } from '../membership/membership.js';
import type { OrganizationId } from '../organization/organization.js';
import type { UserId } from '../identity/identifiers.js';
import type { SealedNationalId } from '../identity/national-id.js';
import type { AgreementLanguage } from './agreement-terms.js';

/** `pending` until signed; `signed` is final (immutable); `revoked` by staff before it was signed. */
export type AgreementStatus = 'pending' | 'signed' | 'revoked';

/** What was recorded when the agreement was signed (the evidence of ARCHITECTURE §10). */
export interface AgreementSignature {
  /** `rcpt_` and 32 hex digits: what the signer is given. */
  readonly receiptId: string;
  readonly signedAt: Date;
  /** The language of the text shown and signed. */
  readonly language: AgreementLanguage;
  /** SHA-256 (lowercase hex) of the exact text shown. */
  readonly textSha256: string;
  readonly typedName: string;
  /** The drawn signature (PNG), when one was given. */
  readonly image: Uint8Array | null;
  readonly imageSha256: string | null;
  /** The client address by the trusted-proxy rule. */
  readonly clientAddress: string;
  readonly userAgent: string;
  /** The national ID, sealed for subject `agreement:<id>`; null when not asked or erased. */
  readonly sealedNationalId: SealedNationalId | null;
  /** When the signer's national ID was erased (their account was deleted); null otherwise. */
  readonly nationalIdErasedAt: Date | null;
}

/** A request to a member to sign one version of a template. */
export interface Agreement {
  readonly id: string;
  readonly organizationId: OrganizationId;
  readonly membershipId: MembershipId;
  readonly templateId: string;
  /** The exact version the signer is shown and signs. */
  readonly templateVersionId: string;
  readonly status: AgreementStatus;
  readonly requestedBy: UserId | null;
  readonly requestedAt: Date;
  /** When the signer first opened the document. */
  readonly viewedAt: Date | null;
  readonly revokedAt: Date | null;
  readonly signature: AgreementSignature | null;
}

/** An agreement with its template version's title and what the list needs of the member. */
export interface AgreementSummary {
  readonly agreement: Agreement;
  readonly title: string;
  readonly versionNumber: number;
  readonly membershipStatus: MembershipStatus;
}

/** One signing link: only the SHA-256 of its token is kept. */
export interface AgreementLink {
  readonly agreementId: string;
  readonly tokenHash: string;
  readonly issuedAt: Date;
  readonly expiresAt: Date;
  /** When it was used to sign. */
  readonly usedAt: Date | null;
  /** When a newer link or a revocation replaced it. */
  readonly revokedAt: Date | null;
}

/** The membership statuses a signature may be requested for. */
export const REQUESTABLE_STATUSES: readonly MembershipStatus[] = ['active', 'suspended', 'invited', 'pending_invitation'];

/** The subject a signer's national ID is sealed for: the agreement (a signer may have no account). */
export const agreementSubject = (agreementId: string): string => `agreement:${agreementId}`;
