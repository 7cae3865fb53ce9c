import * as O from 'fp-ts/lib/Option.js';
import type { SealedEndpointSecret } from '../events/ports/endpoint-secret-vault.js';
import type { WebhookEndpoints } from '../events/ports/webhook-endpoints.js';
import { subscribes, type DisabledReason, type WebhookEndpoint, type WebhookEndpointChanges } from '../events/webhook-endpoint.js';
import type { Page, PageRequest } from '../shared/pagination.js';
import { paginate } from './paginate.js';

/** The WebhookEndpoints port in memory. */
export class InMemoryWebhookEndpoints implements WebhookEndpoints {
  private readonly rows = new Map<string, WebhookEndpoint>();

  async create(endpoint: WebhookEndpoint): Promise<void> {
    this.rows.set(endpoint.id, endpoint);
  }

  async find(organizationId: string, id: string): Promise<O.Option<WebhookEndpoint>> {
    const row = this.rows.get(id);
    return row !== undefined && row.organizationId === organizationId ? O.some(row) : O.none;
  }

  async list(organizationId: string, page: PageRequest): Promise<Page<WebhookEndpoint>> {
    const rows = [...this.rows.values()].filter((row) => row.organizationId === organizationId);
    return paginate(rows, page, { at: (row) => row.createdAt, id: (row) => row.id, direction: 'asc' });
  }

  async listSubscribed(organizationId: string, type: string): Promise<readonly WebhookEndpoint[]> {
    return [...this.rows.values()]
      .filter((row) => row.organizationId === organizationId && subscribes(row, type))
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
  }

  async update(organizationId: string, id: string, changes: WebhookEndpointChanges, at: Date): Promise<O.Option<WebhookEndpoint>> {
    const row = O.toNullable(await this.find(organizationId, id));
    if (row === null) return O.none;
    const enabling = changes.enabled === true && !row.enabled;
    const updated: WebhookEndpoint = {
      ...row,
      ...changes,
      ...(enabling ? { disabledReason: null, failingSince: null } : {}),
      updatedAt: at,
    };
    this.rows.set(id, updated);
    return O.some(updated);
  }

  async rotateSecret(
    organizationId: string,
    id: string,
    secret: SealedEndpointSecret,
    previousExpiresAt: Date,
    at: Date,
  ): Promise<O.Option<WebhookEndpoint>> {
    const row = O.toNullable(await this.find(organizationId, id));
    if (row === null) return O.none;
    const rotated = { ...row, secret, previousSecret: row.secret, previousSecretExpiresAt: previousExpiresAt, updatedAt: at };
    this.rows.set(id, rotated);
    return O.some(rotated);
  }

  async disable(id: string, reason: DisabledReason, at: Date): Promise<boolean> {
    const row = this.rows.get(id);
    if (row === undefined || !row.enabled) return false;
    this.rows.set(id, { ...row, enabled: false, disabledReason: reason, updatedAt: at });
    return true;
  }

  async markFailing(id: string, at: Date): Promise<Date | null> {
    const row = this.rows.get(id);
    if (row === undefined) return null;
    const since = row.failingSince ?? at;
    this.rows.set(id, { ...row, failingSince: since });
    return since;
  }

  async clearFailing(id: string): Promise<void> {
    const row = this.rows.get(id);
    if (row !== undefined) this.rows.set(id, { ...row, failingSince: null });
  }

  async remove(organizationId: string, id: string): Promise<boolean> {
    if (O.isNone(await this.find(organizationId, id))) return false;
    return this.rows.delete(id);
  }
}
