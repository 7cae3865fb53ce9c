import { PageQuery, pageRequest } from '@idv/core';
import type { HttpServices } from '../http-services.js';
import { bearerEndpoint } from '../edge/endpoint.js';
import { ok, replyWith } from '../edge/reply.js';
import { OrganizationParams } from '../requests/organization-requests.js';
import { auditEntryJson, pageJson } from '../responses/json-views.js';
import { AUTHORIZATION_ERRORS } from '../openapi/common-errors.js';
import { AuditEntryView, pageOf } from '../responses/response-codecs.js';
import type { Route } from './route.js';

/** `GET /organizations/:orgId/audit`: newest first, cursor-paginated (`audit.read`). */
export const auditRoutes = (services: HttpServices): readonly Route[] => [
  bearerEndpoint({
    method: 'get',
    path: '/organizations/:orgId/audit',
    params: OrganizationParams,
    query: PageQuery,
    doc: {
      summary: "The organization's audit trail, newest first (audit.read)",
      tag: 'audit',
      responses: { 200: { description: 'A page of entries', body: pageOf(AuditEntryView, 'AuditPage') } },
      errors: AUTHORIZATION_ERRORS,
    },
    handle: async ({ caller, params, query }) =>
      replyWith(await services.listAuditEntries(caller, params.orgId, pageRequest(query))(), (page) => ok(pageJson(page, auditEntryJson))),
  }),
];
