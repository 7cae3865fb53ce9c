import type { DomainError } from '../shared/domain-error.js';
import type { EndpointUrlRefusal } from './ports/event-sender.js';

/** No such webhook endpoint in this organization (404). */
export type WebhookEndpointNotFound = DomainError<'WebhookEndpointNotFound'>;
/** Builds a WebhookEndpointNotFound error. */
export const webhookEndpointNotFound = (): WebhookEndpointNotFound => ({
  _tag: 'WebhookEndpointNotFound',
  message: 'Webhook endpoint not found',
});

/** No such delivery of this endpoint (404). */
export type DeliveryNotFound = DomainError<'DeliveryNotFound'>;
/** Builds a DeliveryNotFound error. */
export const deliveryNotFound = (): DeliveryNotFound => ({ _tag: 'DeliveryNotFound', message: 'Delivery not found' });

const REFUSALS: { readonly [R in EndpointUrlRefusal]: string } = {
  'not-https': 'the URL must use https',
  'private-address': 'the host resolves to a loopback, private, link-local or metadata address',
  unresolvable: 'the host does not resolve',
  malformed: 'the URL is not a valid absolute URL',
};

/** The endpoint URL is refused by the address policy (422), with the reason. */
export interface EndpointUrlRefused extends DomainError<'EndpointUrlRefused'> {
  readonly reason: EndpointUrlRefusal;
}
/** Builds an EndpointUrlRefused error. */
export const endpointUrlRefused = (reason: EndpointUrlRefusal): EndpointUrlRefused => ({
  _tag: 'EndpointUrlRefused',
  message: `url: refused: ${REFUSALS[reason]}`,
  reason,
});

/** Endpoint secrets cannot be sealed: production without `WEBHOOK_SECRETS_KEY` (503). */
export type WebhookSecretsUnavailable = DomainError<'WebhookSecretsUnavailable'>;
/** Builds a WebhookSecretsUnavailable error, naming why. */
export const webhookSecretsUnavailable = (why: string): WebhookSecretsUnavailable => ({ _tag: 'WebhookSecretsUnavailable', message: why });

/** Every error of the events area. */
export type EventsError = WebhookEndpointNotFound | DeliveryNotFound | EndpointUrlRefused | WebhookSecretsUnavailable;
