/** Who triggered an event, echoed in `event_attributes.http_request`. */
export interface EventOrigin {
  readonly clientIp: string;
  readonly userAgent: string;
}

/** The event types the emulator emits. */
export type UserEventType = 'user.created' | 'user.updated' | 'user.deleted';

/** The compact JSON body of a webhook event, shaped as the provider's envelope (reference §2.1). */
export const eventEnvelope = (
  type: UserEventType,
  data: unknown,
  instanceId: string,
  timestampMs: number,
  origin: EventOrigin = { clientIp: '', userAgent: '' },
): string =>
  JSON.stringify({
    data,
    object: 'event',
    type,
    timestamp: timestampMs,
    instance_id: instanceId,
    event_attributes: { http_request: { client_ip: origin.clientIp, user_agent: origin.userAgent } },
  });
