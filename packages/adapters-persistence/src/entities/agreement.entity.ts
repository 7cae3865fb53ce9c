import { AgreementLanguage } from '@idv/core';
import { EntitySchema } from '@mikro-orm/core';
import type { AgreementTemplateRow, AgreementTemplateVersionRow } from './agreement-template.entity.js';
import type { MembershipRow } from './membership.entity.js';
import type { OrganizationRow } from './organization.entity.js';
import { MILLISECOND_TIMESTAMP } from './timestamp-columns.js';

/** The statuses of an agreement (core's `AgreementStatus`). */
export const AGREEMENT_STATUSES = ['pending', 'signed', 'revoked'] as const;

/** An `agreements` row as the ORM sees it: the request and, once signed, its evidence. */
export interface AgreementRow {
  id: string;
  organization: OrganizationRow;
  membership: MembershipRow;
  template: AgreementTemplateRow;
  templateVersion: AgreementTemplateVersionRow;
  status: (typeof AGREEMENT_STATUSES)[number];
  requestedBy: string | null;
  requestedAt: Date;
  viewedAt: Date | null;
  revokedAt: Date | null;
  receiptId: string | null;
  signedAt: Date | null;
  language: AgreementLanguage | null;
  textSha256: string | null;
  typedName: string | null;
  /** The drawn signature, a PNG in base64. */
  signatureImage: string | null;
  signatureImageSha256: string | null;
  clientAddress: string | null;
  userAgent: string | null;
  /** The vault's ciphertext, sealed for `agreement:<id>`; never the number. */
  sealedNationalId: string | null;
  nationalIdErasedAt: Date | null;
}

/** The `agreements` table: signature requests; a signed row changes only to erase its national ID. */
export const AgreementSchema = new EntitySchema<AgreementRow>({
  name: 'Agreement',
  tableName: 'agreements',
  properties: {
    id: { type: 'uuid', primary: true },
    organization: { kind: 'm:1', entity: 'Organization', fieldName: 'organization_id', deleteRule: 'cascade' },
    membership: { kind: 'm:1', entity: 'Membership', fieldName: 'membership_id', deleteRule: 'cascade' },
    template: { kind: 'm:1', entity: 'AgreementTemplate', fieldName: 'template_id' },
    templateVersion: { kind: 'm:1', entity: 'AgreementTemplateVersion', fieldName: 'template_version_id' },
    status: { enum: true, items: [...AGREEMENT_STATUSES] },
    requestedBy: { type: 'uuid', fieldName: 'requested_by', nullable: true },
    requestedAt: { ...MILLISECOND_TIMESTAMP, fieldName: 'requested_at' },
    viewedAt: { ...MILLISECOND_TIMESTAMP, fieldName: 'viewed_at', nullable: true },
    revokedAt: { ...MILLISECOND_TIMESTAMP, fieldName: 'revoked_at', nullable: true },
    receiptId: { type: 'text', fieldName: 'receipt_id', nullable: true, unique: 'agreements_receipt_id_unique' },
    signedAt: { ...MILLISECOND_TIMESTAMP, fieldName: 'signed_at', nullable: true },
    language: { enum: true, items: Object.keys(AgreementLanguage.keys), nullable: true },
    textSha256: { type: 'text', fieldName: 'text_sha256', nullable: true },
    typedName: { type: 'text', fieldName: 'typed_name', nullable: true },
    signatureImage: { type: 'text', fieldName: 'signature_image', nullable: true },
    signatureImageSha256: { type: 'text', fieldName: 'signature_image_sha256', nullable: true },
    clientAddress: { type: 'text', fieldName: 'client_address', nullable: true },
    userAgent: { type: 'text', fieldName: 'user_agent', nullable: true },
    sealedNationalId: { type: 'text', fieldName: 'sealed_national_id', nullable: true },
    nationalIdErasedAt: { ...MILLISECOND_TIMESTAMP, fieldName: 'national_id_erased_at', nullable: true },
  },
  indexes: [
    { name: 'agreements_organization_index', properties: ['organization', 'requestedAt'] },
    { name: 'agreements_membership_index', properties: ['membership'] },
  ],
});

/** An `agreement_links` row: a signing link, kept as its token's SHA-256 only. */
export interface AgreementLinkRow {
  tokenHash: string;
  agreement: AgreementRow;
  issuedAt: Date;
  expiresAt: Date;
  usedAt: Date | null;
  revokedAt: Date | null;
}

/** The `agreement_links` table: looked up by token hash (the primary key), one SHA-256 per request. */
export const AgreementLinkSchema = new EntitySchema<AgreementLinkRow>({
  name: 'AgreementLink',
  tableName: 'agreement_links',
  properties: {
    tokenHash: { type: 'text', fieldName: 'token_hash', primary: true },
    agreement: { kind: 'm:1', entity: 'Agreement', fieldName: 'agreement_id', deleteRule: 'cascade' },
    issuedAt: { ...MILLISECOND_TIMESTAMP, fieldName: 'issued_at' },
    expiresAt: { ...MILLISECOND_TIMESTAMP, fieldName: 'expires_at' },
    usedAt: { ...MILLISECOND_TIMESTAMP, fieldName: 'used_at', nullable: true },
    revokedAt: { ...MILLISECOND_TIMESTAMP, fieldName: 'revoked_at', nullable: true },
  },
  indexes: [{ name: 'agreement_links_agreement_index', properties: ['agreement'] }],
});
