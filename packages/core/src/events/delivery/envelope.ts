import type { OutboundEvent } from '../outbound-event.js';

/** The envelope as sent and as the feed serves it: `{ type, id, timestamp, organizationId, data }`. */
export const envelopeOf = (event: OutboundEvent) => ({
  type: event.type,
  id: event.id,
  timestamp: event.timestamp.toISOString(),
  organizationId: event.organizationId,
  data: event.data,
});

/** The body of a delivery: the envelope as JSON, signed byte for byte. */
export const envelopeJson = (event: OutboundEvent): string => JSON.stringify(envelopeOf(event));
