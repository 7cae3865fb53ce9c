import * as t from 'io-ts';
import { EventTypeCodec, FeedPosition, OrganizationId, PageLimit, withJsonSchema } from '@idv/core';
import { UuidSegment } from './uuid-segment.js';

// eslint-disable-next-line no-control-regex -- control characters are what it refuses
const CONTROL = /[\u0000-\u001f\u007f]/;

const boundedText = (name: string, min: number, max: number, description: string) =>
  withJsonSchema(
    new t.Type<string, string, unknown>(
      name,
      (u): u is string => typeof u === 'string',
      (u, c) =>
        typeof u === 'string' && u.length >= min && u.length <= max && !CONTROL.test(u)
          ? t.success(u)
          : t.failure(u, c, `expected ${description}`),
      t.identity,
    ),
    { type: 'string', minLength: min, maxLength: max, description },
  );

/** An endpoint URL as sent; the address policy decides whether it may be used (422 `EndpointUrlRefused`). */
export const EndpointUrl = boundedText('EndpointUrl', 1, 2048, 'an https URL of at most 2048 characters');
/** What the endpoint is for, shown to people. */
export const EndpointDescription = boundedText('EndpointDescription', 0, 500, 'at most 500 characters, no control characters');

/** `:orgId/webhook-endpoints/:endpointId`. */
export const EndpointParams = t.type({ orgId: OrganizationId, endpointId: UuidSegment }, 'EndpointParams');
/** `:orgId/webhook-endpoints/:endpointId/deliveries/:deliveryId`. */
export const DeliveryParams = t.type({ orgId: OrganizationId, endpointId: UuidSegment, deliveryId: UuidSegment }, 'DeliveryParams');

/** `POST …/webhook-endpoints`. An empty or absent `eventTypes` receives every event type. */
export const CreateEndpointBody = t.intersection(
  [
    t.type({ url: EndpointUrl }),
    t.partial({ eventTypes: t.array(EventTypeCodec), description: t.union([EndpointDescription, t.null]), enabled: t.boolean }),
  ],
  'CreateEndpointBody',
);

/** `PATCH …/webhook-endpoints/:endpointId`: only the fields given change. */
export const UpdateEndpointBody = t.partial(
  { url: EndpointUrl, eventTypes: t.array(EventTypeCodec), description: t.union([EndpointDescription, t.null]), enabled: t.boolean },
  'UpdateEndpointBody',
);

/** An ISO 8601 time in a request. */
const Instant = withJsonSchema(
  new t.Type<Date, string, unknown>(
    'Instant',
    (u): u is Date => u instanceof Date,
    (u, c) =>
      typeof u === 'string' && !Number.isNaN(Date.parse(u)) ? t.success(new Date(u)) : t.failure(u, c, 'expected an ISO 8601 time'),
    (date) => date.toISOString(),
  ),
  { type: 'string', format: 'date-time' },
);

/** `POST …/:endpointId/recover`: replay every failed delivery made since then. */
export const RecoverBody = t.type({ since: Instant }, 'RecoverBody');

/** `GET /organizations/:orgId/events?cursor=&limit=`. */
export const FeedQuery = t.partial({ cursor: FeedPosition, limit: PageLimit }, 'FeedQuery');
