import * as t from 'io-ts';
import {
  AgreementLanguage,
  MembershipId,
  NationalId,
  OrganizationId,
  SignatureImage,
  TypedName,
  preferredAmong,
  withJsonSchema,
} from '@idv/core';
import { personalData } from '../edge/personal-data.js';
import { UuidSegment } from './uuid-segment.js';

/** A signing-link token as given: base64url, at most 128 characters. */
const LinkToken = withJsonSchema(
  t.refinement(t.string, (s) => /^[A-Za-z0-9_-]{1,128}$/.test(s), 'LinkToken'),
  { type: 'string', pattern: '^[A-Za-z0-9_-]{1,128}$' },
);

/** `:orgId`. */
export const OrganizationParams = t.type({ orgId: OrganizationId }, 'OrganizationParams');
/** `:orgId/agreement-templates/:templateId`. */
export const TemplateParams = t.type({ orgId: OrganizationId, templateId: UuidSegment }, 'AgreementTemplateParams');
/** `:orgId/members/:membershipId`. */
export const MemberParams = t.type({ orgId: OrganizationId, membershipId: MembershipId }, 'MemberParams');
/** `:orgId/members/:membershipId/agreements/:agreementId`. */
export const MemberAgreementParams = t.type(
  { orgId: OrganizationId, membershipId: MembershipId, agreementId: UuidSegment },
  'MemberAgreementParams',
);
/** `:orgId/agreements/:agreementId`. */
export const OrganizationAgreementParams = t.type({ orgId: OrganizationId, agreementId: UuidSegment }, 'OrganizationAgreementParams');
/** `?sha256=`: the SHA-256 of a PDF's bytes, 64 hex digits (either case). */
export const PdfHashQuery = t.type(
  {
    sha256: withJsonSchema(
      t.refinement(t.string, (s) => /^[0-9A-Fa-f]{64}$/.test(s), 'Sha256Hex'),
      { type: 'string', pattern: '^[0-9A-Fa-f]{64}$' },
    ),
  },
  'PdfHashQuery',
);
/** `/users/me/agreements/:agreementId`. */
export const MyAgreementParams = t.type({ agreementId: UuidSegment }, 'MyAgreementParams');
/** `:token` of a signing link (`/forms/:token`, `/sign/:token`). */
export const TokenParams = t.type({ token: LinkToken }, 'TokenParams');
/** `?lang=en|tr`. */
export const LanguageQuery = t.partial({ lang: AgreementLanguage }, 'LanguageQuery');
/** A signature request's body. */
export const RequestBody = t.type({ templateId: UuidSegment }, 'AgreementRequestBody');

/** `POST /forms/:token/sign`'s body; a national ID is personal data (never echoed in a problem). */
export const SignBody = t.intersection(
  [
    t.type({ typedName: TypedName, consent: t.literal(true) }),
    t.partial({ signatureImage: SignatureImage, nationalId: personalData(NationalId), language: AgreementLanguage }),
  ],
  'AgreementSignBody',
);

/** The language a signer reads in: `?lang=`, else the most wanted of `Accept-Language` we write in. */
export const wantedLanguage = (query: string | undefined, acceptLanguage: string | undefined): AgreementLanguage | null =>
  query === 'en' || query === 'tr' ? query : preferredAmong(acceptLanguage, ['en', 'tr'] as const);
