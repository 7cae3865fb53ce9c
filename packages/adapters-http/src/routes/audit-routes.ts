import { PageQuery, pageRequest } from '@idv/core';
import type { HttpServices } from '../http-services.js';
import { bearerEndpoint } from '../edge/endpoint.js';
import { ok, replyWith } from '../edge/reply.js';
import { OrganizationParams } from '../requests/organization-requests.js';
import { auditEntryJson, pageJson } from '../responses/json-views.js';
import type { Route } from './route.js';

/** `GET /organizations/:orgId/audit`: newest first, cursor-paginated (`audit.read`). */
export const auditRoutes = (services: HttpServices): readonly Route[] => [
  bearerEndpoint({
    method: 'get',
    path: '/organizations/:orgId/audit',
    params: OrganizationParams,
    query: PageQuery,
    handle: async ({ caller, params, query }) =>
      replyWith(await services.listAuditEntries(caller, params.orgId, pageRequest(query))(), (page) => ok(pageJson(page, auditEntryJson))),
  }),
];
