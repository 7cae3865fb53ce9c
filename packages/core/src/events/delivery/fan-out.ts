import * as t from 'io-ts';
import * as O from 'fp-ts/lib/Option.js';
import { decodeJob } from './decode-job.js';
import { DELIVER_JOB, type DeliveryPorts } from './delivery-ports.js';

const FanOutData = t.type({ eventId: t.string });

/**
 * The `events.fan-out` job: one delivery (and its `events.deliver` job, singleton per event and
 * endpoint) for every enabled endpoint of the event's organization that receives its type and
 * existed when the event was recorded. Safe to
 * run twice: a delivery already made is found, not made again.
 */
export const fanOut =
  (deps: Pick<DeliveryPorts, 'eventLog' | 'webhookEndpoints' | 'eventDeliveries' | 'jobQueue' | 'clock' | 'ids'>) =>
  async (data: unknown): Promise<void> => {
    const { eventId } = decodeJob(FanOutData, data, 'events.fan-out');
    const event = O.toNullable(await deps.eventLog.findById(eventId));
    // The job is written in the event's own transaction, so the event exists: its absence is a defect.
    if (event === null) throw new Error(`events.fan-out: event ${eventId} not found`);
    for (const endpoint of await deps.webhookEndpoints.listSubscribed(event.organizationId, event.type)) {
      // An endpoint hears of changes made once it exists, even when this job runs after its creation.
      if (endpoint.createdAt > event.timestamp) continue;
      const now = deps.clock.now();
      const delivery = await deps.eventDeliveries.ensure({
        id: deps.ids.uuid(),
        eventId,
        endpointId: endpoint.id,
        status: 'pending',
        attempts: 0,
        createdAt: now,
        updatedAt: now,
      });
      if (delivery.status !== 'pending' || delivery.attempts > 0) continue;
      await deps.jobQueue.enqueue(DELIVER_JOB, { deliveryId: delivery.id }, { singletonKey: `${eventId}:${endpoint.id}` });
    }
  };
