import { createWebhookEndpoint } from './use-cases/create-webhook-endpoint.js';
import type { EndpointDeps } from './use-cases/endpoint-deps.js';
import { listDeliveryAttempts, recoverDeliveries, retryDelivery } from './use-cases/manage-deliveries.js';
import {
  deleteWebhookEndpoint,
  getWebhookEndpoint,
  listWebhookEndpoints,
  rotateEndpointSecret,
  updateWebhookEndpoint,
} from './use-cases/manage-webhook-endpoints.js';
import { readEventFeed } from './use-cases/read-event-feed.js';

/** Every port the events area's use cases need, by name. */
export type EventsPorts = EndpointDeps;

/**
 * The events area's use cases bound to their ports: webhook endpoints, their delivery log and
 * replay, and the pull feed; each authorizes `integrations.manage` (owner, admin).
 *
 * @example
 * const events = eventsArea({ webhookEndpoints, eventDeliveries, eventLog, endpointUrlPolicy, … });
 * await events.createWebhookEndpoint(request.auth, orgId, { url })();
 */
export const eventsArea = (ports: EventsPorts) => {
  const deps = ports;
  return {
    /** See `createWebhookEndpoint`. */
    createWebhookEndpoint: createWebhookEndpoint(deps),
    /** See `listWebhookEndpoints`. */
    listWebhookEndpoints: listWebhookEndpoints(deps),
    /** See `getWebhookEndpoint`. */
    getWebhookEndpoint: getWebhookEndpoint(deps),
    /** See `updateWebhookEndpoint`. */
    updateWebhookEndpoint: updateWebhookEndpoint(deps),
    /** See `deleteWebhookEndpoint`. */
    deleteWebhookEndpoint: deleteWebhookEndpoint(deps),
    /** See `rotateEndpointSecret`. */
    rotateEndpointSecret: rotateEndpointSecret(deps),
    /** See `listDeliveryAttempts`. */
    listDeliveryAttempts: listDeliveryAttempts(deps),
    /** See `retryDelivery`. */
    retryDelivery: retryDelivery(deps),
    /** See `recoverDeliveries`. */
    recoverDeliveries: recoverDeliveries(deps),
    /** See `readEventFeed`. */
    readEventFeed: readEventFeed(deps),
  };
};

/** The events area's bound use cases. */
export type EventsArea = ReturnType<typeof eventsArea>;
