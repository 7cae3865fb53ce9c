import * as t from 'io-ts';
import {
  EVENT_CATALOGUE,
  EVENT_TYPES,
  EventTypeCodec,
  type EventType,
  envelopeOf,
  type CreatedWebhookEndpoint,
  type DeliveryAttempt,
  type EventDelivery,
  type FeedPage,
  type WebhookEndpoint,
} from '@idv/core';
import { DateTime } from './response-codecs.js';

const nullable = <C extends t.Mixed>(codec: C) => t.union([codec, t.null]);

/** A webhook endpoint; its secrets are never shown after creation or rotation. */
export const WebhookEndpointView = t.type(
  {
    id: t.string,
    organizationId: t.string,
    url: t.string,
    eventTypes: t.array(EventTypeCodec),
    description: nullable(t.string),
    enabled: t.boolean,
    disabledReason: nullable(t.keyof({ gone: null, failing: null })),
    failingSince: nullable(DateTime),
    previousSecretExpiresAt: nullable(DateTime),
    createdAt: DateTime,
    updatedAt: DateTime,
  },
  'WebhookEndpoint',
);

/** Creation and rotation: the endpoint and its new secret (`whsec_…`), shown this once. */
export const EndpointWithSecretView = t.type({ endpoint: WebhookEndpointView, secret: t.string }, 'WebhookEndpointWithSecret');

/** `{ endpoint }`. */
export const EndpointReplyView = t.type({ endpoint: WebhookEndpointView }, 'WebhookEndpointReply');

/** One delivery attempt: status, duration, response code, error kind; never a body. */
export const DeliveryAttemptView = t.type(
  {
    id: t.string,
    deliveryId: t.string,
    eventId: t.string,
    attempt: t.number,
    status: t.keyof({ succeeded: null, failed: null }),
    durationMs: t.number,
    responseCode: nullable(t.number),
    errorKind: nullable(t.keyof({ status: null, timeout: null, network: null, refused: null })),
    at: DateTime,
  },
  'DeliveryAttempt',
);

/** One event's delivery to one endpoint. */
export const DeliveryView = t.type(
  {
    id: t.string,
    eventId: t.string,
    endpointId: t.string,
    status: t.keyof({ pending: null, succeeded: null, failed: null, dead: null }),
    attempts: t.number,
    createdAt: DateTime,
    updatedAt: DateTime,
  },
  'Delivery',
);

const envelopeOfType = <T extends EventType>(type: T) =>
  t.type(
    { type: t.literal(type), id: t.string, timestamp: t.string, organizationId: t.string, data: EVENT_CATALOGUE[type] },
    `Event_${type.replace('.', '_')}`,
  );

const [first, second, ...rest] = EVENT_TYPES.map(envelopeOfType);

/**
 * An event as delivered and as the feed serves it: `{ type, id, timestamp, organizationId, data }`,
 * `data` by type (the catalogue, so `/openapi.json` documents every event's fields).
 */
export const EventEnvelopeView = t.union([first!, second!, ...rest], 'EventEnvelope');

/** A page of the pull feed; poll again with `nextCursor`. */
export const FeedPageView = t.type({ items: t.array(EventEnvelopeView), nextCursor: nullable(t.string) }, 'EventFeedPage');

/** `{ replayed }`: how many deliveries a recovery replays. */
export const RecoveredView = t.type({ replayed: t.number }, 'Recovered');

/** An endpoint as the API shows it. */
export const endpointJson = (endpoint: WebhookEndpoint): t.OutputOf<typeof WebhookEndpointView> & Record<string, unknown> => ({
  id: endpoint.id,
  organizationId: endpoint.organizationId,
  url: endpoint.url,
  eventTypes: [...endpoint.eventTypes],
  description: endpoint.description,
  enabled: endpoint.enabled,
  disabledReason: endpoint.disabledReason,
  failingSince: endpoint.failingSince?.toISOString() ?? null,
  previousSecretExpiresAt: endpoint.previousSecretExpiresAt?.toISOString() ?? null,
  createdAt: endpoint.createdAt.toISOString(),
  updatedAt: endpoint.updatedAt.toISOString(),
});

/** Creation and rotation's answer. */
export const endpointWithSecretJson = ({ endpoint, secret }: CreatedWebhookEndpoint) => ({ endpoint: endpointJson(endpoint), secret });

/** An attempt as the delivery log shows it. */
export const attemptJson = (attempt: DeliveryAttempt): t.OutputOf<typeof DeliveryAttemptView> => ({
  id: attempt.id,
  deliveryId: attempt.deliveryId,
  eventId: attempt.eventId,
  attempt: attempt.attempt,
  status: attempt.succeeded ? 'succeeded' : 'failed',
  durationMs: attempt.durationMs,
  responseCode: attempt.responseCode,
  errorKind: attempt.errorKind,
  at: attempt.at.toISOString(),
});

/** A delivery as the API shows it. */
export const deliveryJson = (delivery: EventDelivery): t.OutputOf<typeof DeliveryView> => ({
  id: delivery.id,
  eventId: delivery.eventId,
  endpointId: delivery.endpointId,
  status: delivery.status,
  attempts: delivery.attempts,
  createdAt: delivery.createdAt.toISOString(),
  updatedAt: delivery.updatedAt.toISOString(),
});

/** A page of the feed: each event's envelope, and where to read on. */
export const feedJson = (page: FeedPage) => ({ items: page.items.map(envelopeOf), nextCursor: page.nextCursor });
