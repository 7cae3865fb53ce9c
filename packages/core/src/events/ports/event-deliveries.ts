import type { Option } from 'fp-ts/lib/Option.js';
import type { Page, PageRequest } from '../../shared/pagination.js';
import type { DeliveryAttempt, DeliveryStatus, EventDelivery } from '../event-delivery.js';

/** The delivery log: one row per event and endpoint, and one per attempt (never a body). */
export interface EventDeliveries {
  /** The delivery of `eventId` to `endpointId`, created `pending` with `candidate`'s id when there is none yet. */
  ensure(candidate: EventDelivery): Promise<EventDelivery>;
  /** One delivery by id. */
  findById(id: string): Promise<Option<EventDelivery>>;
  /** One delivery of an endpoint (none for another endpoint's id). */
  findForEndpoint(endpointId: string, id: string): Promise<Option<EventDelivery>>;
  /** Records an attempt and moves the delivery to `status`. */
  recordAttempt(attempt: DeliveryAttempt, status: DeliveryStatus): Promise<void>;
  /** Moves a delivery to `status` without an attempt (given up, or set pending again for a replay). */
  setStatus(id: string, status: DeliveryStatus, at: Date): Promise<void>;
  /** An endpoint's attempts, newest first (keyset on `at`, then delivery and attempt). */
  listAttempts(endpointId: string, page: PageRequest): Promise<Page<DeliveryAttempt>>;
  /** An endpoint's `failed` and `dead` deliveries created at or after `since`, oldest first. */
  listFailedSince(endpointId: string, since: Date): Promise<readonly EventDelivery[]>;
}
