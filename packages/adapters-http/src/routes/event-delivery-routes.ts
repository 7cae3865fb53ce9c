import { DEFAULT_PAGE_LIMIT, FEED_RETENTION_DAYS, pageRequest, PageQuery } from '@idv/core';
import type { HttpServices } from '../http-services.js';
import { bearerEndpoint } from '../edge/endpoint.js';
import { ok, replyWith } from '../edge/reply.js';
import { AUTHORIZATION_ERRORS } from '../openapi/common-errors.js';
import { OrganizationParams } from '../requests/organization-requests.js';
import { DeliveryParams, EndpointParams, FeedQuery, RecoverBody } from '../requests/webhook-requests.js';
import { pageJson } from '../responses/json-views.js';
import { pageOf } from '../responses/response-codecs.js';
import {
  attemptJson,
  deliveryJson,
  DeliveryAttemptView,
  DeliveryView,
  feedJson,
  FeedPageView,
  RecoveredView,
} from '../responses/webhook-views.js';
import * as t from 'io-ts';
import type { Route } from './route.js';

const TAG = 'webhooks';

/** The delivery log of an endpoint, replay (one delivery, or every failed one since a time), and the pull feed (`integrations.manage`). */
export const eventDeliveryRoutes = (services: HttpServices): readonly Route[] => [
  bearerEndpoint({
    method: 'get',
    path: '/organizations/:orgId/webhook-endpoints/:endpointId/deliveries',
    params: EndpointParams,
    query: PageQuery,
    doc: {
      summary: "An endpoint's delivery attempts, newest first (integrations.manage)",
      description: 'Each attempt: status, duration, response code, error kind. Response bodies are never kept.',
      tag: TAG,
      responses: { 200: { description: 'A page of attempts', body: pageOf(DeliveryAttemptView, 'DeliveryAttemptPage') } },
      errors: [...AUTHORIZATION_ERRORS, 'WebhookEndpointNotFound'],
    },
    handle: async ({ caller, params, query }) =>
      replyWith(await services.listDeliveryAttempts(caller, params.orgId, params.endpointId, pageRequest(query))(), (page) =>
        ok(pageJson(page, attemptJson)),
      ),
  }),
  bearerEndpoint({
    method: 'post',
    path: '/organizations/:orgId/webhook-endpoints/:endpointId/deliveries/:deliveryId/retry',
    params: DeliveryParams,
    doc: {
      summary: 'Replay one delivery now (integrations.manage)',
      tag: TAG,
      responses: { 200: { description: 'The delivery, pending again', body: t.type({ delivery: DeliveryView }, 'DeliveryReply') } },
      errors: [...AUTHORIZATION_ERRORS, 'WebhookEndpointNotFound', 'DeliveryNotFound'],
    },
    handle: async ({ caller, params }) =>
      replyWith(await services.retryDelivery(caller, params.orgId, params.endpointId, params.deliveryId)(), (delivery) =>
        ok({ delivery: deliveryJson(delivery) }),
      ),
  }),
  bearerEndpoint({
    method: 'post',
    path: '/organizations/:orgId/webhook-endpoints/:endpointId/recover',
    params: EndpointParams,
    body: RecoverBody,
    doc: {
      summary: 'Replay every failed delivery of an endpoint since a time (integrations.manage)',
      tag: TAG,
      responses: { 200: { description: 'How many deliveries are replayed', body: RecoveredView } },
      errors: [...AUTHORIZATION_ERRORS, 'WebhookEndpointNotFound'],
    },
    handle: async ({ caller, params, body }) =>
      replyWith(await services.recoverDeliveries(caller, params.orgId, params.endpointId, body.since)(), ok),
  }),
  bearerEndpoint({
    method: 'get',
    path: '/organizations/:orgId/events',
    params: OrganizationParams,
    query: FeedQuery,
    doc: {
      summary: "The organization's events, in commit order: the pull feed (integrations.manage)",
      description: `For those who cannot receive webhooks: poll with the \`nextCursor\` of the previous page. An event committed late is never placed before a cursor already handed out. Events are kept ${FEED_RETENTION_DAYS} days.`,
      tag: TAG,
      responses: { 200: { description: 'A page of events', body: FeedPageView } },
      errors: AUTHORIZATION_ERRORS,
    },
    handle: async ({ caller, params, query }) =>
      replyWith(await services.readEventFeed(caller, params.orgId, query.cursor, query.limit ?? DEFAULT_PAGE_LIMIT)(), (page) =>
        ok(feedJson(page)),
      ),
  }),
];
