import * as t from 'io-ts';
import * as O from 'fp-ts/lib/Option.js';
import { FAN_OUT_JOB } from '../record-event.js';
import { createDeliveries } from './create-deliveries.js';
import { decodeJob } from './decode-job.js';
import type { DeliveryPorts } from './delivery-ports.js';

const FanOutData = t.type({ eventId: t.string });

/**
 * The `events.fan-out` job, kept for the jobs an instance of an earlier version queued (events are
 * now given their deliveries as they are recorded): the event's deliveries, made as `recordEvent`
 * makes them. Safe to run twice.
 */
export const fanOut =
  (deps: Pick<DeliveryPorts, 'eventLog' | 'webhookEndpoints' | 'eventDeliveries' | 'jobQueue' | 'clock' | 'ids'>) =>
  async (data: unknown): Promise<void> => {
    const { eventId } = decodeJob(FanOutData, data, FAN_OUT_JOB);
    const event = O.toNullable(await deps.eventLog.findById(eventId));
    // The job was written in the event's own transaction, so the event exists: its absence is a defect.
    if (event === null) throw new Error(`${FAN_OUT_JOB}: event ${eventId} not found`);
    await createDeliveries(deps, event);
  };
