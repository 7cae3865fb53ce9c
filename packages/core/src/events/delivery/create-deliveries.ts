import type { JobQueue } from '../../jobs/job-queue.js';
import type { Clock } from '../../shared/clock.js';
import type { IdGenerator } from '../../shared/id-generator.js';
import type { OutboundEvent } from '../outbound-event.js';
import type { EventDeliveries } from '../ports/event-deliveries.js';
import type { WebhookEndpoints } from '../ports/webhook-endpoints.js';
import { DELIVER_JOB } from './delivery-ports.js';

/** What making an event's deliveries needs. */
export interface CreateDeliveriesPorts {
  readonly webhookEndpoints: WebhookEndpoints;
  readonly eventDeliveries: EventDeliveries;
  readonly jobQueue: JobQueue;
  readonly clock: Clock;
  readonly ids: IdGenerator;
}

/**
 * One delivery (and its `events.deliver` job, singleton per event and endpoint) for every enabled
 * endpoint of the event's organization that receives its type and existed when the event was
 * recorded. Safe to run twice: a delivery already made is found, not made again.
 */
export const createDeliveries = async (ports: CreateDeliveriesPorts, event: OutboundEvent): Promise<void> => {
  for (const endpoint of await ports.webhookEndpoints.listSubscribed(event.organizationId, event.type)) {
    // An endpoint hears of changes made once it exists, even when an old fan-out job runs after its creation.
    if (endpoint.createdAt > event.timestamp) continue;
    const now = ports.clock.now();
    const delivery = await ports.eventDeliveries.ensure({
      id: ports.ids.uuid(),
      eventId: event.id,
      endpointId: endpoint.id,
      status: 'pending',
      attempts: 0,
      createdAt: now,
      updatedAt: now,
    });
    if (delivery.status !== 'pending' || delivery.attempts > 0) continue;
    await ports.jobQueue.enqueue(DELIVER_JOB, { deliveryId: delivery.id }, { singletonKey: `${event.id}:${endpoint.id}` });
  }
};
