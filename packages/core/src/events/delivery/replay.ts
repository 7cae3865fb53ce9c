import type { EventDelivery } from '../event-delivery.js';
import { DELIVER_JOB, type DeliveryPorts } from './delivery-ports.js';

/**
 * Replays one delivery: pending again and one new `events.deliver` job now (its own singleton key,
 * so a replay never merges with a retry still waiting). The attempt count goes on, so a replay that
 * fails is not retried along the whole schedule again.
 */
export const replayDelivery = async (
  deps: Pick<DeliveryPorts, 'eventDeliveries' | 'jobQueue' | 'clock' | 'ids'>,
  delivery: EventDelivery,
): Promise<void> => {
  await deps.eventDeliveries.setStatus(delivery.id, 'pending', deps.clock.now());
  await deps.jobQueue.enqueue(
    DELIVER_JOB,
    { deliveryId: delivery.id },
    { singletonKey: `${delivery.eventId}:${delivery.endpointId}:replay:${deps.ids.uuid()}` },
  );
};
