import * as t from 'io-ts';
import { Email, InvitationId, PageQuery, pageRequest, Role } from '@idv/core';
import type { HttpServices } from '../http-services.js';
import { bearerEndpoint } from '../edge/endpoint.js';
import { personalData } from '../edge/personal-data.js';
import { created, ok, replyWith } from '../edge/reply.js';
import { InvitationParams, OrganizationParams } from '../requests/organization-requests.js';
import { invitationJson, membershipJson, pageJson } from '../responses/json-views.js';
import { AUTHORIZATION_ERRORS, INVITEE_ERRORS, MANAGE_INVITATION_ERRORS } from '../openapi/common-errors.js';
import { InvitationView, MembershipView, pageOf } from '../responses/response-codecs.js';
import type { Route } from './route.js';

const InvitationWithToken = t.type({ invitation: InvitationView, token: t.string }, 'InvitationWithToken');
const InvitationReply = t.type({ invitation: InvitationView }, 'InvitationReply');

const InviteBody = t.type({ email: Email, role: Role }, 'InviteBody');
/** The invitee answers with the token from the invitation link, or in-app with the invitation id. */
const InvitationReference = t.union(
  [t.type({ token: personalData(t.string) }), t.type({ invitationId: InvitationId })],
  'InvitationReference',
);

/** Both invitation paths (ARCHITECTURE §4–§5): invite, list, resend, revoke; the invitee's list, accept and decline. */
export const invitationRoutes = (services: HttpServices): readonly Route[] => [
  bearerEndpoint({
    method: 'post',
    path: '/organizations/:orgId/invitations',
    params: OrganizationParams,
    body: InviteBody,
    doc: {
      summary: 'Invite someone by email (members.invite)',
      description:
        'Path 1 (no provider account): the provider e-mails a sign-up ticket; path 2: the invitee accepts in the app. The token is returned here and on resend only. Of two identical invitations at once, one is created and the other answers 409 InvitationAlreadyPending. A provider that cannot mail the ticket answers 503 with Retry-After and keeps nothing: retry.',
      tag: 'invitations',
      responses: {
        201: {
          description: 'The invitation, its membership and its token',
          body: t.type(
            {
              invitation: InvitationView,
              membership: t.type({ id: MembershipView.props.id, status: MembershipView.props.status }),
              token: t.string,
            },
            'InvitationCreated',
          ),
        },
      },
      errors: [
        ...AUTHORIZATION_ERRORS,
        'CannotGrantRole',
        'AlreadyMember',
        'InvitationAlreadyPending',
        'InvitationRateLimited',
        'MembershipChangedConcurrently',
        'IdentityProviderUnavailable',
      ],
    },
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
    doc: {
      summary: "The organization's invitations (members.invite)",
      tag: 'invitations',
      responses: { 200: { description: 'A page of invitations', body: pageOf(InvitationView, 'InvitationPage') } },
      errors: AUTHORIZATION_ERRORS,
    },
    handle: async ({ caller, params, query }) =>
      replyWith(await services.listInvitations(caller, params.orgId, pageRequest(query))(), (page) => ok(pageJson(page, invitationJson))),
  }),
  bearerEndpoint({
    method: 'post',
    path: '/organizations/:orgId/invitations/:invitationId/resend',
    params: InvitationParams,
    doc: {
      summary: 'Resend an invitation: a new token and expiry (members.invite)',
      tag: 'invitations',
      responses: { 200: { description: 'The invitation and its new token', body: InvitationWithToken } },
      errors: [...MANAGE_INVITATION_ERRORS, 'InvitationRateLimited', 'IdentityProviderUnavailable'],
    },
    handle: async ({ caller, params }) =>
      replyWith(await services.resendInvitation(caller, params.orgId, params.invitationId)(), ({ invitation, token }) =>
        ok({ invitation: invitationJson(invitation), token }),
      ),
  }),
  bearerEndpoint({
    method: 'post',
    path: '/organizations/:orgId/invitations/:invitationId/revoke',
    params: InvitationParams,
    doc: {
      summary: 'Revoke an invitation (members.invite)',
      tag: 'invitations',
      responses: { 200: { description: 'The revoked invitation', body: InvitationReply } },
      errors: MANAGE_INVITATION_ERRORS,
    },
    handle: async ({ caller, params }) =>
      replyWith(await services.revokeInvitation(caller, params.orgId, params.invitationId)(), (invitation) =>
        ok({ invitation: invitationJson(invitation) }),
      ),
  }),
  bearerEndpoint({
    method: 'get',
    path: '/users/me/invitations',
    doc: {
      summary: "Invitations addressed to the caller's email (never a token)",
      tag: 'invitations',
      responses: {
        200: {
          description: 'The invitations',
          body: t.type(
            {
              items: t.array(
                t.type({
                  id: InvitationView.props.id,
                  organizationId: InvitationView.props.organizationId,
                  organizationName: t.string,
                  role: InvitationView.props.role,
                  status: InvitationView.props.status,
                  expiresAt: InvitationView.props.expiresAt,
                }),
              ),
            },
            'MyInvitations',
          ),
        },
      },
      errors: ['UserNotFound'],
    },
    handle: async ({ caller }) =>
      replyWith(await services.listMyInvitations(caller)(), ({ items }) =>
        ok({
          items: items.map(({ id, organizationId, organizationName, role, status, expiresAt }) => ({
            id,
            organizationId,
            organizationName,
            role,
            status,
            expiresAt,
          })),
        }),
      ),
  }),
  bearerEndpoint({
    method: 'post',
    path: '/invitations/accept',
    body: InvitationReference,
    doc: {
      summary: 'Accept an invitation by its token or id',
      tag: 'invitations',
      responses: {
        200: {
          description: 'The membership, now active',
          body: t.type(
            {
              membership: t.type({
                id: MembershipView.props.id,
                organizationId: MembershipView.props.organizationId,
                role: MembershipView.props.role,
                status: MembershipView.props.status,
              }),
            },
            'InvitationAccepted',
          ),
        },
      },
      errors: [...INVITEE_ERRORS, 'AlreadyMember', 'MembershipChangedConcurrently'],
    },
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
    doc: {
      summary: 'Decline an invitation by its token or id',
      tag: 'invitations',
      responses: { 200: { description: 'The declined invitation', body: InvitationReply } },
      errors: INVITEE_ERRORS,
    },
    handle: async ({ caller, body }) =>
      replyWith(await services.declineInvitation(caller, body)(), (invitation) => ok({ invitation: invitationJson(invitation) })),
  }),
];
