import { pageRequest, PageQuery, type EventType } from '@idv/core';
import type { HttpServices } from '../http-services.js';
import { bearerEndpoint } from '../edge/endpoint.js';
import { created, noContent, ok, replyWith } from '../edge/reply.js';
import { AUTHORIZATION_ERRORS } from '../openapi/common-errors.js';
import type { ErrorCode } from '../errors/error-status.js';
import { OrganizationParams } from '../requests/organization-requests.js';
import { CreateEndpointBody, EndpointParams, UpdateEndpointBody } from '../requests/webhook-requests.js';
import { pageJson } from '../responses/json-views.js';
import { pageOf } from '../responses/response-codecs.js';
import {
  EndpointReplyView,
  EndpointWithSecretView,
  WebhookEndpointView,
  endpointJson,
  endpointWithSecretJson,
} from '../responses/webhook-views.js';
import type { Route } from './route.js';

const TAG = 'webhooks';
const ENDPOINT_ERRORS: readonly ErrorCode[] = [...AUTHORIZATION_ERRORS, 'WebhookEndpointNotFound'];

// Only the fields the body names: an absent one stays as it is.
const changesOf = (body: {
  readonly url?: string;
  readonly eventTypes?: EventType[];
  readonly description?: string | null;
  readonly enabled?: boolean;
}) => ({
  ...(body.url === undefined ? {} : { url: body.url }),
  ...(body.eventTypes === undefined ? {} : { eventTypes: body.eventTypes }),
  ...(body.description === undefined ? {} : { description: body.description }),
  ...(body.enabled === undefined ? {} : { enabled: body.enabled }),
});

/** An organization's webhook endpoints (`integrations.manage`): create (secret shown once), list, read, change, delete, rotate the secret. */
export const webhookEndpointRoutes = (services: HttpServices): readonly Route[] => [
  bearerEndpoint({
    method: 'post',
    path: '/organizations/:orgId/webhook-endpoints',
    params: OrganizationParams,
    body: CreateEndpointBody,
    doc: {
      summary: 'Create a webhook endpoint (integrations.manage)',
      description:
        'The URL must be https and must not resolve to a loopback, private, link-local or metadata address (checked again at every delivery). The signing secret (`whsec_…`) is answered here once.',
      tag: TAG,
      responses: { 201: { description: 'Created, with its secret', body: EndpointWithSecretView } },
      errors: [...AUTHORIZATION_ERRORS, 'EndpointUrlRefused', 'WebhookSecretsUnavailable'],
    },
    handle: async ({ caller, params, body }) =>
      replyWith(await services.createWebhookEndpoint(caller, params.orgId, { ...changesOf(body), url: body.url })(), (result) =>
        created(endpointWithSecretJson(result)),
      ),
  }),
  bearerEndpoint({
    method: 'get',
    path: '/organizations/:orgId/webhook-endpoints',
    params: OrganizationParams,
    query: PageQuery,
    doc: {
      summary: "The organization's webhook endpoints, oldest first (integrations.manage)",
      tag: TAG,
      responses: { 200: { description: 'A page of endpoints', body: pageOf(WebhookEndpointView, 'WebhookEndpointPage') } },
      errors: AUTHORIZATION_ERRORS,
    },
    handle: async ({ caller, params, query }) =>
      replyWith(await services.listWebhookEndpoints(caller, params.orgId, pageRequest(query))(), (page) =>
        ok(pageJson(page, endpointJson)),
      ),
  }),
  bearerEndpoint({
    method: 'get',
    path: '/organizations/:orgId/webhook-endpoints/:endpointId',
    params: EndpointParams,
    doc: {
      summary: 'One webhook endpoint (integrations.manage)',
      tag: TAG,
      responses: { 200: { description: 'The endpoint', body: EndpointReplyView } },
      errors: ENDPOINT_ERRORS,
    },
    handle: async ({ caller, params }) =>
      replyWith(await services.getWebhookEndpoint(caller, params.orgId, params.endpointId)(), (endpoint) =>
        ok({ endpoint: endpointJson(endpoint) }),
      ),
  }),
  bearerEndpoint({
    method: 'patch',
    path: '/organizations/:orgId/webhook-endpoints/:endpointId',
    params: EndpointParams,
    body: UpdateEndpointBody,
    doc: {
      summary: 'Change a webhook endpoint: URL, event types, description, enabled (integrations.manage)',
      description: 'Enabling an endpoint the service disabled clears its reason and its failing streak.',
      tag: TAG,
      responses: { 200: { description: 'The endpoint after the change', body: EndpointReplyView } },
      errors: [...ENDPOINT_ERRORS, 'EndpointUrlRefused'],
    },
    handle: async ({ caller, params, body }) =>
      replyWith(await services.updateWebhookEndpoint(caller, params.orgId, params.endpointId, changesOf(body))(), (endpoint) =>
        ok({ endpoint: endpointJson(endpoint) }),
      ),
  }),
  bearerEndpoint({
    method: 'delete',
    path: '/organizations/:orgId/webhook-endpoints/:endpointId',
    params: EndpointParams,
    doc: {
      summary: 'Delete a webhook endpoint and its delivery log (integrations.manage)',
      tag: TAG,
      responses: { 204: { description: 'Deleted' } },
      errors: ENDPOINT_ERRORS,
    },
    handle: async ({ caller, params }) =>
      replyWith(await services.deleteWebhookEndpoint(caller, params.orgId, params.endpointId)(), noContent),
  }),
  bearerEndpoint({
    method: 'post',
    path: '/organizations/:orgId/webhook-endpoints/:endpointId/rotate-secret',
    params: EndpointParams,
    doc: {
      summary: 'Give a webhook endpoint a new secret (integrations.manage)',
      description:
        'The new secret is answered once. For 24 hours every delivery carries two signatures, space-separated in `webhook-signature` (new, then old), so a receiver can switch without losing an event.',
      tag: TAG,
      responses: { 200: { description: 'The endpoint and its new secret', body: EndpointWithSecretView } },
      errors: ENDPOINT_ERRORS,
    },
    handle: async ({ caller, params }) =>
      replyWith(await services.rotateEndpointSecret(caller, params.orgId, params.endpointId)(), (result) =>
        ok(endpointWithSecretJson(result)),
      ),
  }),
];
