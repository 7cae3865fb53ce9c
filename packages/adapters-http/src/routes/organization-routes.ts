import type { HttpServices } from '../http-services.js';
import { bearerEndpoint } from '../edge/endpoint.js';
import { created, failure, noContent, ok, replyWith } from '../edge/reply.js';
import { validationFailed } from '../edge/validation-failed.js';
import { OrganizationBody, OrganizationChangesBody, OrganizationParams } from '../requests/organization-requests.js';
import { membershipJson, organizationJson } from '../responses/json-views.js';
import * as t from 'io-ts';
import { AUTHORIZATION_ERRORS } from '../openapi/common-errors.js';
import { MembershipView, OrganizationView } from '../responses/response-codecs.js';
import type { Route } from './route.js';

const OrganizationReply = t.type({ organization: OrganizationView }, 'OrganizationReply');

/** `POST /organizations` (the caller becomes its owner) and `GET|PATCH|DELETE /organizations/:orgId`. */
export const organizationRoutes = (services: HttpServices): readonly Route[] => [
  bearerEndpoint({
    method: 'post',
    path: '/organizations',
    body: OrganizationBody,
    doc: {
      summary: 'Create an organization; the caller becomes its owner',
      tag: 'organizations',
      responses: {
        201: {
          description: 'Created',
          body: t.type({ organization: OrganizationView, membership: MembershipView }, 'OrganizationCreated'),
        },
      },
      errors: ['UserNotFound'],
    },
    handle: async ({ caller, body }) =>
      replyWith(await services.createOrganization(caller, body)(), ({ organization, membership }) =>
        created({ organization: organizationJson(organization), membership: membershipJson(membership) }),
      ),
  }),
  bearerEndpoint({
    method: 'get',
    path: '/organizations/:orgId',
    params: OrganizationParams,
    doc: {
      summary: 'Read an organization (organization.read)',
      tag: 'organizations',
      responses: { 200: { description: 'The organization', body: OrganizationReply } },
      errors: AUTHORIZATION_ERRORS,
    },
    handle: async ({ caller, params }) =>
      replyWith(await services.getOrganization(caller, params.orgId)(), (organization) =>
        ok({ organization: organizationJson(organization) }),
      ),
  }),
  bearerEndpoint({
    method: 'patch',
    path: '/organizations/:orgId',
    params: OrganizationParams,
    body: OrganizationChangesBody,
    doc: {
      summary: 'Rename an organization or change its slug (organization.update)',
      description:
        'A slug is 3–63 lower-case letters, digits and single hyphens, never a reserved word (400 ValidationFailed names the rule). One held by another organization, even a deleted one, answers 409 SlugTaken: a slug is never reused.',
      tag: 'organizations',
      responses: { 200: { description: 'The organization', body: OrganizationReply } },
      errors: [...AUTHORIZATION_ERRORS, 'SlugTaken', 'MembershipChangedConcurrently'],
    },
    handle: async ({ caller, params, body }) =>
      body.name === undefined && body.slug === undefined
        ? failure(validationFailed(['body: expected at least one of name, slug']))
        : replyWith(await services.updateOrganization(caller, params.orgId, body)(), (organization) =>
            ok({ organization: organizationJson(organization) }),
          ),
  }),
  bearerEndpoint({
    method: 'delete',
    path: '/organizations/:orgId',
    params: OrganizationParams,
    doc: {
      summary: 'Delete an organization (organization.delete)',
      description:
        'A soft delete: every route of the organization then answers 404, its memberships are cancelled, its pending invitations revoked and its linked iyzico subscriptions cancelled; its audit trail and payments are kept. While a payment is still open (initiated, awaiting_customer, authorizing, under_review) it answers 409 PaymentInFlight and changes nothing.',
      tag: 'organizations',
      responses: { 204: { description: 'Deleted' } },
      errors: [...AUTHORIZATION_ERRORS, 'PaymentInFlight', 'MembershipChangedConcurrently'],
    },
    handle: async ({ caller, params }) => replyWith(await services.deleteOrganization(caller, params.orgId)(), noContent),
  }),
];
