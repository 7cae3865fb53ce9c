import * as t from 'io-ts';
import { MembershipId, pageRequest } from '@idv/core';
import type { HttpServices } from '../http-services.js';
import { bearerEndpoint } from '../edge/endpoint.js';
import { ok, replyWith } from '../edge/reply.js';
import { MemberParams, OrganizationParams, OwnershipTransferBody, RoleChangeBody, RosterQuery } from '../requests/organization-requests.js';
import { membershipJson, pageJson } from '../responses/json-views.js';
import type { Route } from './route.js';

/** `DELETE …/members/:membershipId` takes a successor only when a Platform Admin removes the owner. */
const RemoveMemberQuery = t.partial({ successorId: MembershipId }, 'RemoveMemberQuery');

const membershipReply = (membership: Parameters<typeof membershipJson>[0]) => ok({ membership: membershipJson(membership) });

/** The roster and every membership change of ARCHITECTURE §5 (role, suspend, reinstate, remove, leave, transfer). */
export const memberRoutes = (services: HttpServices): readonly Route[] => [
  bearerEndpoint({
    method: 'get',
    path: '/organizations/:orgId/members',
    params: OrganizationParams,
    query: RosterQuery,
    handle: async ({ caller, params, query }) =>
      replyWith(
        await services.listMembers(caller, params.orgId, { includeCancelled: query.include === 'cancelled', page: pageRequest(query) })(),
        (page) => ok(pageJson(page, membershipJson)),
      ),
  }),
  bearerEndpoint({
    method: 'patch',
    path: '/organizations/:orgId/members/:membershipId',
    params: MemberParams,
    body: RoleChangeBody,
    handle: async ({ caller, params, body }) =>
      replyWith(await services.changeMemberRole(caller, params.orgId, params.membershipId, body.role)(), membershipReply),
  }),
  bearerEndpoint({
    method: 'delete',
    path: '/organizations/:orgId/members/:membershipId',
    params: MemberParams,
    query: RemoveMemberQuery,
    handle: async ({ caller, params, query }) =>
      replyWith(
        await services.removeMember(caller, params.orgId, params.membershipId, query.successorId === undefined ? {} : { successorId: query.successorId })(),
        membershipReply,
      ),
  }),
  bearerEndpoint({
    method: 'post',
    path: '/organizations/:orgId/members/:membershipId/suspend',
    params: MemberParams,
    handle: async ({ caller, params }) => replyWith(await services.suspendMember(caller, params.orgId, params.membershipId)(), membershipReply),
  }),
  bearerEndpoint({
    method: 'post',
    path: '/organizations/:orgId/members/:membershipId/reinstate',
    params: MemberParams,
    handle: async ({ caller, params }) => replyWith(await services.reinstateMember(caller, params.orgId, params.membershipId)(), membershipReply),
  }),
  bearerEndpoint({
    method: 'post',
    path: '/organizations/:orgId/leave',
    params: OrganizationParams,
    handle: async ({ caller, params }) => replyWith(await services.leaveOrganization(caller, params.orgId)(), membershipReply),
  }),
  bearerEndpoint({
    method: 'post',
    path: '/organizations/:orgId/ownership-transfer',
    params: OrganizationParams,
    body: OwnershipTransferBody,
    handle: async ({ caller, params, body }) =>
      replyWith(await services.transferOwnership(caller, params.orgId, body)(), ({ previousOwner, newOwner }) =>
        ok({ owner: membershipJson(newOwner), previousOwner: previousOwner === null ? null : membershipJson(previousOwner) }),
      ),
  }),
];
