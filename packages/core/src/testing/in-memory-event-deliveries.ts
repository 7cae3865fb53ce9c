import * as O from 'fp-ts/lib/Option.js';
import type { DeliveryAttempt, DeliveryStatus, EventDelivery } from '../events/event-delivery.js';
import type { EventDeliveries } from '../events/ports/event-deliveries.js';
import type { Page, PageRequest } from '../shared/pagination.js';
import { paginate } from './paginate.js';

/** The EventDeliveries port in memory; `attempts` lists every attempt for assertions. */
export class InMemoryEventDeliveries implements EventDeliveries {
  private readonly rows = new Map<string, EventDelivery>();
  /** Every attempt recorded, in order. */
  readonly attempts: DeliveryAttempt[] = [];

  async ensure(candidate: EventDelivery): Promise<EventDelivery> {
    const existing = [...this.rows.values()].find((row) => row.eventId === candidate.eventId && row.endpointId === candidate.endpointId);
    if (existing !== undefined) return existing;
    this.rows.set(candidate.id, candidate);
    return candidate;
  }

  async findById(id: string): Promise<O.Option<EventDelivery>> {
    return O.fromNullable(this.rows.get(id));
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
