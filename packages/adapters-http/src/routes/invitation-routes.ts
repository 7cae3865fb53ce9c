import * as t from 'io-ts';
import { Email, InvitationId, PageQuery, pageRequest, Role } from '@idv/core';
import type { HttpServices } from '../http-services.js';
import { bearerEndpoint } from '../edge/endpoint.js';
import { created, ok, replyWith } from '../edge/reply.js';
import { InvitationParams, OrganizationParams } from '../requests/organization-requests.js';
import { invitationJson, membershipJson, pageJson } from '../responses/json-views.js';
import type { Route } from './route.js';

const InviteBody = t.type({ email: Email, role: Role }, 'InviteBody');
/** The invitee answers with the token from the invitation link, or in-app with the invitation id. */
const InvitationReference = t.union([t.type({ token: t.string }), t.type({ invitationId: InvitationId })], 'InvitationReference');

/** Both invitation paths (ARCHITECTURE §4–§5): invite, list, resend, revoke; the invitee's list, accept and decline. */
export const invitationRoutes = (services: HttpServices): readonly Route[] => [
  bearerEndpoint({
    method: 'post',
    path: '/organizations/:orgId/invitations',
    params: OrganizationParams,
    body: InviteBody,
    handle: async ({ caller, params, body }) =>
      replyWith(await services.inviteMember(caller, params.orgId, body)(), ({ invitation, membership, token }) =>
        created({ invitation: invitationJson(invitation), membership: { id: membership.id, status: membership.status }, token }),
      ),
  }),
  bearerEndpoint({
    method: 'get',
    path: '/organizations/:orgId/invitations',
    params: OrganizationParams,
    query: PageQuery,
    handle: async ({ caller, params, query }) =>
      replyWith(await services.listInvitations(caller, params.orgId, pageRequest(query))(), (page) => ok(pageJson(page, invitationJson))),
  }),
  bearerEndpoint({
    method: 'post',
    path: '/organizations/:orgId/invitations/:invitationId/resend',
    params: InvitationParams,
    handle: async ({ caller, params }) =>
      replyWith(await services.resendInvitation(caller, params.orgId, params.invitationId)(), ({ invitation, token }) =>
        ok({ invitation: invitationJson(invitation), token }),
      ),
  }),
  bearerEndpoint({
    method: 'post',
    path: '/organizations/:orgId/invitations/:invitationId/revoke',
    params: InvitationParams,
    handle: async ({ caller, params }) =>
      replyWith(await services.revokeInvitation(caller, params.orgId, params.invitationId)(), (invitation) => ok({ invitation: invitationJson(invitation) })),
  }),
  bearerEndpoint({
    method: 'get',
    path: '/users/me/invitations',
    handle: async ({ caller }) =>
      replyWith(await services.listMyInvitations(caller)(), ({ items }) =>
        ok({
          items: items.map(({ id, organizationId, organizationName, role, status, expiresAt }) => ({ id, organizationId, organizationName, role, status, expiresAt })),
        }),
      ),
  }),
  bearerEndpoint({
    method: 'post',
    path: '/invitations/accept',
    body: InvitationReference,
    handle: async ({ caller, body }) =>
      replyWith(await services.acceptInvitation(caller, body)(), (membership) => {
        const { id, organizationId, role, status } = membershipJson(membership);
        return ok({ membership: { id, organizationId, role, status } });
      }),
  }),
  bearerEndpoint({
    method: 'post',
    path: '/invitations/decline',
    body: InvitationReference,
    handle: async ({ caller, body }) =>
      replyWith(await services.declineInvitation(caller, body)(), (invitation) => ok({ invitation: invitationJson(invitation) })),
  }),
];
