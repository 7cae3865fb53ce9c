import * as t from 'io-ts';
import { MembershipId, pageRequest } from '@idv/core';
import type { HttpServices } from '../http-services.js';
import { bearerEndpoint } from '../edge/endpoint.js';
import { ok, replyWith } from '../edge/reply.js';
import { MemberParams, OrganizationParams, OwnershipTransferBody, RoleChangeBody, RosterQuery } from '../requests/organization-requests.js';
import { membershipJson, pageJson } from '../responses/json-views.js';
import { AUTHORIZATION_ERRORS, MEMBERSHIP_CHANGE_ERRORS } from '../openapi/common-errors.js';
import type { RouteDoc } from '../openapi/route-doc.js';
import { MembershipView, pageOf } from '../responses/response-codecs.js';
import type { Route } from './route.js';

const MembershipReply = t.type({ membership: MembershipView }, 'MembershipReply');
const membershipChange = (summary: string, extra: RouteDoc['errors'] = []): RouteDoc => ({
  summary,
  tag: 'members',
  responses: { 200: { description: 'The membership after the change', body: MembershipReply } },
  errors: [...MEMBERSHIP_CHANGE_ERRORS, ...extra],
});

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
    doc: {
      summary: 'The roster (a member sees only their own row)',
      description: 'Cancelled memberships only with `?include=cancelled`.',
      tag: 'members',
      responses: { 200: { description: 'A page of memberships', body: pageOf(MembershipView, 'MembershipPage') } },
      errors: AUTHORIZATION_ERRORS,
    },
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
    doc: membershipChange('Change a member’s role (members.manage)', ['CannotGrantRole']),
    handle: async ({ caller, params, body }) =>
      replyWith(await services.changeMemberRole(caller, params.orgId, params.membershipId, body.role)(), membershipReply),
  }),
  bearerEndpoint({
    method: 'delete',
    path: '/organizations/:orgId/members/:membershipId',
    params: MemberParams,
    query: RemoveMemberQuery,
    doc: membershipChange('Remove a member (members.manage); a Platform Admin removing the owner names a successor'),
    handle: async ({ caller, params, query }) =>
      replyWith(
        await services.removeMember(
          caller,
          params.orgId,
          params.membershipId,
          query.successorId === undefined ? {} : { successorId: query.successorId },
        )(),
        membershipReply,
      ),
  }),
  bearerEndpoint({
    method: 'post',
    path: '/organizations/:orgId/members/:membershipId/suspend',
    params: MemberParams,
    doc: membershipChange('Suspend a member (members.manage)'),
    handle: async ({ caller, params }) =>
      replyWith(await services.suspendMember(caller, params.orgId, params.membershipId)(), membershipReply),
  }),
  bearerEndpoint({
    method: 'post',
    path: '/organizations/:orgId/members/:membershipId/reinstate',
    params: MemberParams,
    doc: membershipChange('Reinstate a suspended member (members.manage)'),
    handle: async ({ caller, params }) =>
      replyWith(await services.reinstateMember(caller, params.orgId, params.membershipId)(), membershipReply),
  }),
  bearerEndpoint({
    method: 'post',
    path: '/organizations/:orgId/leave',
    params: OrganizationParams,
    doc: membershipChange('Leave the organization (any active member but the owner)', ['OwnerCannotLeave']),
    handle: async ({ caller, params }) => replyWith(await services.leaveOrganization(caller, params.orgId)(), membershipReply),
  }),
  bearerEndpoint({
    method: 'post',
    path: '/organizations/:orgId/ownership-transfer',
    params: OrganizationParams,
    body: OwnershipTransferBody,
    doc: {
      summary: 'Transfer ownership to an active member (owner or Platform Admin)',
      description:
        'The previous owner becomes admin in the same transaction. An organization marked ownerless (its owner was deleted at the provider; see `GET /admin/organizations?ownerless=true`) takes a transfer by a Platform Admin, with `previousOwner` null, and loses the mark.',
      tag: 'members',
      responses: {
        200: {
          description: 'The new and the previous owner',
          body: t.type({ owner: MembershipView, previousOwner: t.union([MembershipView, t.null]) }, 'OwnershipTransferred'),
        },
      },
      errors: [...AUTHORIZATION_ERRORS, 'MembershipNotFound', 'InvalidMembershipTransition', 'MembershipChangedConcurrently'],
    },
    handle: async ({ caller, params, body }) =>
      replyWith(await services.transferOwnership(caller, params.orgId, body)(), ({ previousOwner, newOwner }) =>
        ok({ owner: membershipJson(newOwner), previousOwner: previousOwner === null ? null : membershipJson(previousOwner) }),
      ),
  }),
];
