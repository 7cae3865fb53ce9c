import type { JobData } from '../jobs/job-queue.js';
import type { EventData, EventType } from './catalogue.js';
import type { OutboundEvent } from './outbound-event.js';
import { recordEvent, type RecordEventPorts } from './record-event.js';

/**
 * Records one event of the catalogue, its `data` typed by its type. Called inside the unit of work of
 * the change it describes (see `recordEvent`).
 *
 * @example
 * await emitEvent(deps, 'organization.deleted', organization.id, { organizationId: organization.id, deletedAt: at.toISOString() });
 */
export const emitEvent = <T extends EventType>(
  ports: RecordEventPorts,
  type: T,
  organizationId: string,
  data: EventData<T>,
): Promise<OutboundEvent> => recordEvent(ports, { type, organizationId, data: data as JobData });
