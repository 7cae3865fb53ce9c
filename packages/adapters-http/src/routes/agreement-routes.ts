import * as t from 'io-ts';
import { AgreementTemplateInput, AgreementTemplatePatch } from '@idv/core';
import type { HttpServices } from '../http-services.js';
import { bearerEndpoint } from '../edge/endpoint.js';
import { binary, created, ok, replyWith } from '../edge/reply.js';
import { AUTHORIZATION_ERRORS } from '../openapi/common-errors.js';
import {
  MemberAgreementParams,
  MemberParams,
  OrganizationAgreementParams,
  OrganizationParams,
  PdfHashQuery,
  RequestBody,
  TemplateParams,
} from '../requests/agreement-requests.js';
import {
  AgreementView,
  LinkView,
  PdfVerificationView,
  TemplateView,
  agreementJson,
  linkJson,
  pdfVerificationJson,
  templateJson,
} from '../responses/agreement-views.js';
import type { Route } from './route.js';

/**
 * Agreements for staff (ARCHITECTURE §10): templates and signature requests (`agreements.manage`) and
 * the compliance PDF (`compliance.read`). The signer's routes are `agreementFormRoutes`.
 */
export const agreementRoutes = (services: HttpServices): readonly Route[] => [
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
      replyWith(await services.requestAgreement(caller, params.orgId, params.membershipId, body.templateId)(), (requested) =>
        created({ agreement: agreementJson(requested), link: linkJson(requested.link) }),
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
    path: '/organizations/:orgId/agreements/:agreementId/pdf',
    params: OrganizationAgreementParams,
    doc: {
      summary:
        'A signed agreement as a compliance PDF (compliance.read; every download is audited as compliance.read, and its SHA-256 kept)',
      tag: 'agreements',
      responses: {
        200: { description: 'The PDF', body: { contentType: 'application/pdf', schema: { type: 'string', format: 'binary' } } },
      },
      errors: [...AUTHORIZATION_ERRORS, 'AgreementNotFound', 'AgreementNotSigned'],
    },
    handle: async ({ caller, params }) =>
      replyWith(await services.agreementPdf(caller, params.orgId, params.agreementId)(), (pdf) => ({
        ...binary('application/pdf', pdf.bytes),
        headers: { 'Content-Disposition': `attachment; filename="agreement-${pdf.receiptId}.pdf"`, 'Cache-Control': 'no-store' },
      })),
  }),
  bearerEndpoint({
    method: 'get',
    path: '/organizations/:orgId/agreements/:agreementId/verify',
    params: OrganizationAgreementParams,
    query: PdfHashQuery,
    doc: {
      summary: 'Whether a PDF with this SHA-256 is one the service rendered for the agreement, and when (compliance.read)',
      tag: 'agreements',
      responses: { 200: { description: 'The verdict', body: PdfVerificationView } },
      errors: [...AUTHORIZATION_ERRORS, 'AgreementNotFound'],
    },
    handle: async ({ caller, params, query }) =>
      replyWith(await services.verifyAgreementPdf(caller, params.orgId, params.agreementId, query.sha256)(), (verdict) =>
        ok(pdfVerificationJson(verdict)),
      ),
  }),
];
