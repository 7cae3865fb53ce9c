import type { Option } from 'fp-ts/lib/Option.js';
import type { Page, PageRequest } from '../../shared/pagination.js';
import type { DeliveryAttempt, DeliveryStatus, EventDelivery } from '../event-delivery.js';
import type { OutboundEvent } from '../outbound-event.js';
import type { WebhookEndpoint } from '../webhook-endpoint.js';

/** A delivery with what its next attempt needs, read together. */
export interface DeliveryToAttempt {
  readonly delivery: EventDelivery;
  /** Its event; none once pruned. */
  readonly event: Option<OutboundEvent>;
  /** Its endpoint in the event's organization; none once removed (or when the event is gone). */
  readonly endpoint: Option<WebhookEndpoint>;
}

/** The delivery log: one row per event and endpoint, and one per attempt (never a body). */
export interface EventDeliveries {
  /** The delivery of `eventId` to `endpointId`, created `pending` with `candidate`'s id when there is none yet. */
  ensure(candidate: EventDelivery): Promise<EventDelivery>;
  /** One delivery by id. */
  findById(id: string): Promise<Option<EventDelivery>>;
  /** One delivery by id with its event and endpoint, in one read (the delivery job's). */
  findToAttempt(id: string): Promise<Option<DeliveryToAttempt>>;
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
