import * as O from 'fp-ts/lib/Option.js';
import type { DeliveryAttempt, DeliveryStatus, EventDelivery } from '../events/event-delivery.js';
import type { DeliveryToAttempt, EventDeliveries } from '../events/ports/event-deliveries.js';
import type { EventLog } from '../events/ports/event-log.js';
import type { WebhookEndpoints } from '../events/ports/webhook-endpoints.js';
import type { Page, PageRequest } from '../shared/pagination.js';
import { InMemoryEventLog } from './in-memory-event-log.js';
import { InMemoryWebhookEndpoints } from './in-memory-webhook-endpoints.js';
import { paginate } from './paginate.js';

/**
 * The EventDeliveries port in memory; `attempts` lists every attempt for assertions. It reads a
 * delivery's event and endpoint from the stores it is given, as the SQL adapter joins their tables.
 */
export class InMemoryEventDeliveries implements EventDeliveries {
  private readonly rows = new Map<string, EventDelivery>();
  /** Every attempt recorded, in order. */
  readonly attempts: DeliveryAttempt[] = [];

  constructor(private readonly stores: { readonly eventLog: EventLog; readonly webhookEndpoints: WebhookEndpoints }) {}

  async ensure(candidate: EventDelivery): Promise<EventDelivery> {
    const existing = [...this.rows.values()].find((row) => row.eventId === candidate.eventId && row.endpointId === candidate.endpointId);
    if (existing !== undefined) return existing;
    this.rows.set(candidate.id, candidate);
    return candidate;
  }

  async findById(id: string): Promise<O.Option<EventDelivery>> {
    return O.fromNullable(this.rows.get(id));
  }

  async findToAttempt(id: string): Promise<O.Option<DeliveryToAttempt>> {
    const delivery = this.rows.get(id);
    if (delivery === undefined) return O.none;
    const event = await this.stores.eventLog.findById(delivery.eventId);
    const endpoint = O.isNone(event) ? O.none : await this.stores.webhookEndpoints.find(event.value.organizationId, delivery.endpointId);
    return O.some({ delivery, event, endpoint });
  }

  async findForEndpoint(endpointId: string, id: string): Promise<O.Option<EventDelivery>> {
    const row = this.rows.get(id);
    return row !== undefined && row.endpointId === endpointId ? O.some(row) : O.none;
  }

  async recordAttempt(attempt: DeliveryAttempt, status: DeliveryStatus): Promise<void> {
    const row = this.rows.get(attempt.deliveryId);
    if (row === undefined) throw new Error(`no delivery ${attempt.deliveryId}`);
    this.attempts.push(attempt);
    this.rows.set(row.id, { ...row, status, attempts: Math.max(row.attempts, attempt.attempt), updatedAt: attempt.at });
  }

  async setStatus(id: string, status: DeliveryStatus, at: Date): Promise<void> {
    const row = this.rows.get(id);
    if (row !== undefined) this.rows.set(id, { ...row, status, updatedAt: at });
  }

  async listAttempts(endpointId: string, page: PageRequest): Promise<Page<DeliveryAttempt>> {
    const mine = this.attempts.filter((attempt) => this.rows.get(attempt.deliveryId)?.endpointId === endpointId);
    return paginate(mine, page, { at: (attempt) => attempt.at, id: (attempt) => attempt.id, direction: 'desc' });
  }

  async listFailedSince(endpointId: string, since: Date): Promise<readonly EventDelivery[]> {
    return [...this.rows.values()]
      .filter((row) => row.endpointId === endpointId && (row.status === 'failed' || row.status === 'dead') && row.createdAt >= since)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
  }

  /** Every delivery, for assertions. */
  all(): readonly EventDelivery[] {
    return [...this.rows.values()];
  }
}

/** An empty in-memory event log, endpoint store and delivery log, the deliveries reading the other two. */
export const inMemoryEventStores = () => {
  const eventLog = new InMemoryEventLog();
  const webhookEndpoints = new InMemoryWebhookEndpoints();
  return { eventLog, webhookEndpoints, eventDeliveries: new InMemoryEventDeliveries({ eventLog, webhookEndpoints }) };
};
