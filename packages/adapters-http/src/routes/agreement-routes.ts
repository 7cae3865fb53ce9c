import * as E from 'fp-ts/lib/Either.js';
import * as t from 'io-ts';
import {
  AgreementLanguage,
  AgreementTemplateInput,
  AgreementTemplatePatch,
  MembershipId,
  NationalId,
  OrganizationId,
  SignatureImage,
  TypedName,
  UUID_SCHEMA,
  isUuid,
  withJsonSchema,
  type AgreementForm,
  type AgreementSummary,
  type AgreementTemplate,
  type IssuedLink,
} from '@idv/core';
import type { HttpServices } from '../http-services.js';
import { decodeInput } from '../edge/decode-input.js';
import { bearerEndpoint } from '../edge/endpoint.js';
import { personalData } from '../edge/personal-data.js';
import { publicEndpoint, rawBodyEndpoint } from '../edge/public-endpoint.js';
import { asRejection, binary, created, failure, ok, replyWith, type Reply } from '../edge/reply.js';
import { AUTHORIZATION_ERRORS } from '../openapi/common-errors.js';
import type { Route } from './route.js';
import type { AgreementLinkBudget } from '../middleware/agreement-link-budget.js';

/** A UUID path segment (anything else is 400, never a database error). */
const Uuid = withJsonSchema(t.refinement(t.string, isUuid, 'Uuid'), UUID_SCHEMA);
/** A signing-link token as given: base64url, at most 128 characters. */
const LinkToken = withJsonSchema(
  t.refinement(t.string, (s) => /^[A-Za-z0-9_-]{1,128}$/.test(s), 'LinkToken'),
  { type: 'string', pattern: '^[A-Za-z0-9_-]{1,128}$' },
);

const OrganizationParams = t.type({ orgId: OrganizationId }, 'OrganizationParams');
const TemplateParams = t.type({ orgId: OrganizationId, templateId: Uuid }, 'AgreementTemplateParams');
const MemberParams = t.type({ orgId: OrganizationId, membershipId: MembershipId }, 'MemberParams');
const MemberAgreementParams = t.type({ orgId: OrganizationId, membershipId: MembershipId, agreementId: Uuid }, 'MemberAgreementParams');
const MyAgreementParams = t.type({ agreementId: Uuid }, 'MyAgreementParams');
const TokenParams = t.type({ token: LinkToken }, 'TokenParams');
const LanguageQuery = t.partial({ lang: AgreementLanguage }, 'LanguageQuery');
const RequestBody = t.type({ templateId: Uuid }, 'AgreementRequestBody');

/** `POST /forms/:token/sign`'s body; a national ID is personal data (never echoed in a problem). */
export const SignBody = t.intersection(
  [
    t.type({ typedName: TypedName, consent: t.literal(true) }),
    t.partial({ signatureImage: SignatureImage, nationalId: personalData(NationalId), language: AgreementLanguage }),
  ],
  'AgreementSignBody',
);

const TemplateView = t.type(
  {
    id: t.string,
    organizationId: t.string,
    version: t.number,
    versionId: t.string,
    kind: t.string,
    format: t.string,
    requiresNationalId: t.boolean,
    texts: t.unknown,
    archived: t.boolean,
    createdAt: t.string,
    updatedAt: t.string,
  },
  'AgreementTemplate',
);
const AgreementView = t.type(
  {
    id: t.string,
    organizationId: t.string,
    membershipId: t.string,
    templateId: t.string,
    templateVersionId: t.string,
    title: t.string,
    version: t.number,
    status: t.string,
    requestedAt: t.string,
    viewedAt: t.union([t.string, t.null]),
    signedAt: t.union([t.string, t.null]),
    receiptId: t.union([t.string, t.null]),
    signatureImageSha256: t.union([t.string, t.null]),
  },
  'Agreement',
);
const LinkView = t.type({ url: t.string, expiresAt: t.string }, 'AgreementLink');
const FormView = t.type(
  {
    agreementId: t.string,
    organizationName: t.string,
    kind: t.string,
    version: t.number,
    language: t.string,
    languages: t.array(t.string),
    title: t.string,
    format: t.string,
    text: t.string,
    textSha256: t.string,
    requiresNationalId: t.boolean,
    signer: t.type({ name: t.union([t.string, t.null]), email: t.union([t.string, t.null]) }),
    expiresAt: t.string,
  },
  'AgreementForm',
);
const ReceiptView = t.type({ agreementId: t.string, receiptId: t.string, signedAt: t.string }, 'AgreementReceipt');

const templateJson = (template: AgreementTemplate) => ({
  id: template.id,
  organizationId: template.organizationId,
  version: template.current.number,
  versionId: template.current.id,
  kind: template.current.kind,
  format: template.current.format,
  requiresNationalId: template.current.requiresNationalId,
  texts: template.current.texts,
  archived: template.archivedAt !== null,
  createdAt: template.createdAt.toISOString(),
  updatedAt: template.updatedAt.toISOString(),
});

const agreementJson = ({ agreement, title, versionNumber }: AgreementSummary) => ({
  id: agreement.id,
  organizationId: agreement.organizationId,
  membershipId: agreement.membershipId,
  templateId: agreement.templateId,
  templateVersionId: agreement.templateVersionId,
  title,
  version: versionNumber,
  status: agreement.status,
  requestedAt: agreement.requestedAt.toISOString(),
  viewedAt: agreement.viewedAt?.toISOString() ?? null,
  signedAt: agreement.signature?.signedAt.toISOString() ?? null,
  receiptId: agreement.signature?.receiptId ?? null,
  signatureImageSha256: agreement.signature?.imageSha256 ?? null,
});

const linkJson = (link: IssuedLink) => ({ url: link.url, expiresAt: link.expiresAt.toISOString() });

/** The form as JSON. */
export const formJson = (form: AgreementForm) => ({
  agreementId: form.agreementId,
  organizationName: form.organizationName,
  kind: form.kind,
  version: form.versionNumber,
  language: form.language,
  languages: [...form.languages],
  title: form.title,
  format: form.format,
  text: form.text,
  textSha256: form.textSha256,
  requiresNationalId: form.requiresNationalId,
  signer: form.signer,
  expiresAt: form.expiresAt.toISOString(),
});

/** The language a signer reads in: `?lang=`, else the first of `Accept-Language` we write in. */
export const wantedLanguage = (query: string | undefined, acceptLanguage: string | undefined): 'en' | 'tr' | null => {
  if (query === 'en' || query === 'tr') return query;
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.split(';')[0]?.trim().toLowerCase() ?? '';
    if (tag === 'tr' || tag.startsWith('tr-')) return 'tr';
    if (tag === 'en' || tag.startsWith('en-')) return 'en';
  }
  return null;
};

const LINK_ERRORS = ['AgreementLinkNotFound', 'AgreementLinkExpired', 'AgreementLinkUsed'] as const;
const SIGN_BODY_LIMIT = 160 * 1024;

const badJson = (): Reply => asRejection(failure({ _tag: 'BadRequest', message: 'The body must be JSON' }), 'BadRequest');

/**
 * Agreements (ARCHITECTURE §10): templates and signature requests for staff (`agreements.manage`),
 * the caller's own agreements and links, the public signing endpoints (the token is the
 * credential), and the compliance PDF (`compliance.read`).
 */
export const agreementRoutes = (services: HttpServices, budget: AgreementLinkBudget): readonly Route[] => [
  bearerEndpoint({
    method: 'post',
    path: '/organizations/:orgId/agreement-templates',
    params: OrganizationParams,
    body: AgreementTemplateInput,
    bodyLimit: 256 * 1024,
    doc: {
      summary: 'Create an agreement template, version 1 (agreements.manage)',
      tag: 'agreements',
      responses: { 201: { description: 'Created', body: TemplateView } },
      errors: [...AUTHORIZATION_ERRORS],
    },
    handle: async ({ caller, params, body }) =>
      replyWith(await services.createAgreementTemplate(caller, params.orgId, body)(), (template) => created(templateJson(template))),
  }),
  bearerEndpoint({
    method: 'get',
    path: '/organizations/:orgId/agreement-templates',
    params: OrganizationParams,
    doc: {
      summary: "An organization's agreement templates, archived ones included (agreements.manage)",
      tag: 'agreements',
      responses: { 200: { description: 'The templates', body: t.type({ items: t.array(TemplateView) }) } },
      errors: [...AUTHORIZATION_ERRORS],
    },
    handle: async ({ caller, params }) =>
      replyWith(await services.listAgreementTemplates(caller, params.orgId)(), (items) => ok({ items: items.map(templateJson) })),
  }),
  bearerEndpoint({
    method: 'get',
    path: '/organizations/:orgId/agreement-templates/:templateId',
    params: TemplateParams,
    doc: {
      summary: 'One agreement template with its current version (agreements.manage)',
      tag: 'agreements',
      responses: { 200: { description: 'The template', body: TemplateView } },
      errors: [...AUTHORIZATION_ERRORS, 'AgreementTemplateNotFound'],
    },
    handle: async ({ caller, params }) =>
      replyWith(await services.getAgreementTemplate(caller, params.orgId, params.templateId)(), (template) => ok(templateJson(template))),
  }),
  bearerEndpoint({
    method: 'patch',
    path: '/organizations/:orgId/agreement-templates/:templateId',
    params: TemplateParams,
    body: AgreementTemplatePatch,
    bodyLimit: 256 * 1024,
    doc: {
      summary: 'Edit a template (a content change makes a new version) or archive it (agreements.manage)',
      tag: 'agreements',
      responses: { 200: { description: 'The template', body: TemplateView } },
      errors: [...AUTHORIZATION_ERRORS, 'AgreementTemplateNotFound'],
    },
    handle: async ({ caller, params, body }) =>
      replyWith(await services.updateAgreementTemplate(caller, params.orgId, params.templateId, body)(), (template) =>
        ok(templateJson(template)),
      ),
  }),
  bearerEndpoint({
    method: 'post',
    path: '/organizations/:orgId/members/:membershipId/agreements',
    params: MemberParams,
    body: RequestBody,
    doc: {
      summary: 'Ask a member to sign a template; answers the signing link once (agreements.manage)',
      tag: 'agreements',
      responses: { 201: { description: 'Requested', body: t.type({ agreement: AgreementView, link: LinkView }) } },
      errors: [
        ...AUTHORIZATION_ERRORS,
        'MembershipNotFound',
        'MembershipNotRequestable',
        'AgreementTemplateNotFound',
        'AgreementTemplateArchived',
      ],
    },
    handle: async ({ caller, params, body }) =>
      replyWith(await services.requestAgreement(caller, params.orgId, params.membershipId, body.templateId)(), ({ agreement, link }) =>
        created({ agreement: agreementJson({ agreement, title: '', versionNumber: 0, membershipStatus: 'active' }), link: linkJson(link) }),
      ),
  }),
  bearerEndpoint({
    method: 'get',
    path: '/organizations/:orgId/agreements',
    params: OrganizationParams,
    doc: {
      summary: "An organization's agreements with their status (agreements.manage)",
      tag: 'agreements',
      responses: { 200: { description: 'The agreements', body: t.type({ items: t.array(AgreementView) }) } },
      errors: [...AUTHORIZATION_ERRORS],
    },
    handle: async ({ caller, params }) =>
      replyWith(await services.listOrganizationAgreements(caller, params.orgId, null)(), (items) =>
        ok({ items: items.map(agreementJson) }),
      ),
  }),
  bearerEndpoint({
    method: 'get',
    path: '/organizations/:orgId/members/:membershipId/agreements',
    params: MemberParams,
    doc: {
      summary: "A member's agreements with their status (agreements.manage)",
      tag: 'agreements',
      responses: { 200: { description: 'The agreements', body: t.type({ items: t.array(AgreementView) }) } },
      errors: [...AUTHORIZATION_ERRORS],
    },
    handle: async ({ caller, params }) =>
      replyWith(await services.listOrganizationAgreements(caller, params.orgId, params.membershipId)(), (items) =>
        ok({ items: items.map(agreementJson) }),
      ),
  }),
  bearerEndpoint({
    method: 'post',
    path: '/organizations/:orgId/members/:membershipId/agreements/:agreementId/link',
    params: MemberAgreementParams,
    doc: {
      summary: "Re-issue a pending agreement's signing link; the old one stops working (agreements.manage)",
      tag: 'agreements',
      responses: { 201: { description: 'A fresh link', body: LinkView } },
      errors: [...AUTHORIZATION_ERRORS, 'AgreementNotFound', 'AgreementNotPending'],
    },
    handle: async ({ caller, params }) =>
      replyWith(await services.reissueAgreementLink(caller, params.orgId, params.membershipId, params.agreementId)(), (link) =>
        created(linkJson(link)),
      ),
  }),
  bearerEndpoint({
    method: 'post',
    path: '/organizations/:orgId/members/:membershipId/agreements/:agreementId/revoke',
    params: MemberAgreementParams,
    doc: {
      summary: 'Revoke a pending agreement and its links; a signed one is immutable (agreements.manage)',
      tag: 'agreements',
      responses: { 200: { description: 'Revoked', body: t.type({ id: t.string, status: t.string }) } },
      errors: [...AUTHORIZATION_ERRORS, 'AgreementNotFound', 'AgreementNotPending'],
    },
    handle: async ({ caller, params }) =>
      replyWith(await services.revokeAgreement(caller, params.orgId, params.membershipId, params.agreementId)(), (agreement) =>
        ok({ id: agreement.id, status: agreement.status }),
      ),
  }),
  bearerEndpoint({
    method: 'get',
    path: '/organizations/:orgId/members/:membershipId/agreements/:agreementId/pdf',
    params: MemberAgreementParams,
    doc: {
      summary: 'A signed agreement as a compliance PDF (compliance.read; every download is audited as compliance.read)',
      tag: 'agreements',
      responses: {
        200: { description: 'The PDF', body: { contentType: 'application/pdf', schema: { type: 'string', format: 'binary' } } },
      },
      errors: [...AUTHORIZATION_ERRORS, 'AgreementNotFound', 'AgreementNotSigned'],
    },
    handle: async ({ caller, params }) =>
      replyWith(await services.agreementPdf(caller, params.orgId, params.membershipId, params.agreementId)(), (pdf) => ({
        ...binary('application/pdf', pdf.bytes),
        headers: { 'Content-Disposition': `attachment; filename="agreement-${pdf.receiptId}.pdf"`, 'Cache-Control': 'no-store' },
      })),
  }),
  bearerEndpoint({
    method: 'get',
    path: '/users/me/agreements',
    doc: {
      summary: "The caller's pending and signed agreements",
      tag: 'agreements',
      responses: { 200: { description: 'The agreements', body: t.type({ items: t.array(AgreementView) }) } },
    },
    handle: async ({ caller }) => replyWith(await services.listMyAgreements(caller)(), (items) => ok({ items: items.map(agreementJson) })),
  }),
  bearerEndpoint({
    method: 'post',
    path: '/users/me/agreements/:agreementId/link',
    params: MyAgreementParams,
    doc: {
      summary: 'A fresh signing link for one of my pending agreements; the old one stops working',
      tag: 'agreements',
      responses: { 201: { description: 'A fresh link', body: LinkView } },
      errors: ['UserNotFound', 'UserDeleted', 'AgreementNotFound', 'AgreementNotPending'],
    },
    handle: async ({ caller, params }) =>
      replyWith(await services.issueMyAgreementLink(caller, params.agreementId)(), (link) => created(linkJson(link))),
  }),
  publicEndpoint({
    method: 'get',
    path: '/forms/:token',
    params: TokenParams,
    query: LanguageQuery,
    doc: {
      summary: 'The document a signing link shows, in the signer’s language (public: the token is the credential)',
      tag: 'agreements',
      responses: { 200: { description: 'The form', body: FormView } },
      errors: [...LINK_ERRORS, 'RateLimited'],
    },
    handle: async ({ params, query, header, path }) =>
      budget.guard(params.token, path, async () =>
        replyWith(await services.openAgreementForm(params.token, wantedLanguage(query.lang, header('accept-language')))(), (form) =>
          ok(formJson(form)),
        ),
      ),
  }),
  rawBodyEndpoint({
    method: 'post',
    path: '/forms/:token/sign',
    params: TokenParams,
    rawBody: {
      limit: SIGN_BODY_LIMIT,
      tooLarge: 'The signature body is too large (the image may be 100 KB at most)',
      encoded: 'Compressed bodies are not accepted',
      consumed: () => failure({ _tag: 'InternalError', message: 'Signature body unavailable' }),
    },
    doc: {
      summary: 'Sign through a link, once: typed name, consent, optional PNG signature and national ID; answers the receipt id',
      tag: 'agreements',
      rawBody: { description: 'The signature', content: { 'application/json': SignBodySchema() } },
      responses: { 201: { description: 'Signed', body: ReceiptView } },
      errors: [...LINK_ERRORS, 'RateLimited', 'ValidationFailed', 'AgreementInputInvalid', 'BadRequest', 'PayloadTooLarge'],
    },
    handle: ({ params, header, clientAddress, readBody, path }) =>
      budget.guard(params.token, path, async () => {
        const raw = await readBody();
        if (E.isLeft(raw)) return raw.left;
        let json: unknown;
        try {
          json = JSON.parse(raw.right.toString('utf8'));
        } catch {
          return badJson();
        }
        const body = decodeInput(SignBody, json, 'body');
        if (E.isLeft(body)) return failure(body.left);
        return replyWith(
          await services.signAgreement(params.token, {
            typedName: body.right.typedName,
            consent: true,
            signatureImage: body.right.signatureImage ?? null,
            nationalId: body.right.nationalId ?? null,
            language: body.right.language ?? wantedLanguage(undefined, header('accept-language')),
            clientAddress,
            userAgent: header('user-agent') ?? '',
          })(),
          (receipt) =>
            created({ agreementId: receipt.agreementId, receiptId: receipt.receiptId, signedAt: receipt.signedAt.toISOString() }),
        );
      }),
  }),
];

function SignBodySchema() {
  return { type: 'object', required: ['typedName', 'consent'] } as const;
}
