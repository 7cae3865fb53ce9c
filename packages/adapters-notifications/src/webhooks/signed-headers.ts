import { Webhook } from 'standardwebhooks';
import type { EventDeliveryRequest } from '@idv/core';

/**
 * The Standard Webhooks headers of one delivery, signed with the `standardwebhooks` library: one
 * `v1,` signature per live secret, space-separated, so a receiver mid-rotation accepts either.
 */
export const signedHeaders = (
  { eventId, timestamp, body, secrets }: Pick<EventDeliveryRequest, 'eventId' | 'timestamp' | 'body' | 'secrets'>,
  userAgent: string,
): Record<string, string> => {
  if (secrets.length === 0) throw new Error('an event delivery needs at least one endpoint secret');
  return {
    'content-type': 'application/json',
    'user-agent': userAgent,
    'webhook-id': eventId,
    'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
    'webhook-signature': secrets.map((secret) => new Webhook(secret).sign(eventId, timestamp, body)).join(' '),
  };
};
