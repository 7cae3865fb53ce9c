import type { HttpServices } from '../http-services.js';
import { bearerEndpoint } from '../edge/endpoint.js';
import { created, noContent, ok, replyWith } from '../edge/reply.js';
import { OrganizationBody, OrganizationParams } from '../requests/organization-requests.js';
import { membershipJson, organizationJson } from '../responses/json-views.js';
import type { Route } from './route.js';

/** `POST /organizations` (the caller becomes its owner) and `GET|PATCH|DELETE /organizations/:orgId`. */
export const organizationRoutes = (services: HttpServices): readonly Route[] => [
  bearerEndpoint({
    method: 'post',
    path: '/organizations',
    body: OrganizationBody,
    handle: async ({ caller, body }) =>
      replyWith(await services.createOrganization(caller, body)(), ({ organization, membership }) =>
        created({ organization: organizationJson(organization), membership: membershipJson(membership) }),
      ),
  }),
  bearerEndpoint({
    method: 'get',
    path: '/organizations/:orgId',
    params: OrganizationParams,
    handle: async ({ caller, params }) =>
      replyWith(await services.getOrganization(caller, params.orgId)(), (organization) => ok({ organization: organizationJson(organization) })),
  }),
  bearerEndpoint({
    method: 'patch',
    path: '/organizations/:orgId',
    params: OrganizationParams,
    body: OrganizationBody,
    handle: async ({ caller, params, body }) =>
      replyWith(await services.updateOrganization(caller, params.orgId, body)(), (organization) => ok({ organization: organizationJson(organization) })),
  }),
  bearerEndpoint({
    method: 'delete',
    path: '/organizations/:orgId',
    params: OrganizationParams,
    handle: async ({ caller, params }) => replyWith(await services.deleteOrganization(caller, params.orgId)(), noContent),
  }),
];
