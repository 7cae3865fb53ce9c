import type { Option } from 'fp-ts/lib/Option.js';
import type { Page, PageRequest } from '../../shared/pagination.js';
import type { SealedEndpointSecret } from './endpoint-secret-vault.js';
import type { DisabledReason, WebhookEndpoint, WebhookEndpointChanges } from '../webhook-endpoint.js';

/** The organizations' webhook endpoints. */
export interface WebhookEndpoints {
  /** Stores a new endpoint. */
  create(endpoint: WebhookEndpoint): Promise<void>;
  /** One endpoint of an organization (none for another organization's id). */
  find(organizationId: string, id: string): Promise<Option<WebhookEndpoint>>;
  /** An organization's endpoints, oldest first (keyset on `createdAt`, `id`). */
  list(organizationId: string, page: PageRequest): Promise<Page<WebhookEndpoint>>;
  /** The enabled endpoints of an organization that receive `type`. */
  listSubscribed(organizationId: string, type: string): Promise<readonly WebhookEndpoint[]>;
  /** Applies an owner's changes; none when the endpoint is gone. */
  update(organizationId: string, id: string, changes: WebhookEndpointChanges, at: Date): Promise<Option<WebhookEndpoint>>;
  /** Replaces the secret, keeping the old one as `previousSecret` until `previousExpiresAt`; none when gone. */
  rotateSecret(
    organizationId: string,
    id: string,
    secret: SealedEndpointSecret,
    previousExpiresAt: Date,
    at: Date,
  ): Promise<Option<WebhookEndpoint>>;
  /** Disables an enabled endpoint for `reason`; false when it was already disabled (or is gone). */
  disable(id: string, reason: DisabledReason, at: Date): Promise<boolean>;
  /** Starts the failing streak at `at` unless one is running; answers when the streak began. */
  markFailing(id: string, at: Date): Promise<Date | null>;
  /** Ends the failing streak (a success). */
  clearFailing(id: string): Promise<void>;
  /** Deletes an endpoint and its delivery log; false when it was not there. */
  remove(organizationId: string, id: string): Promise<boolean>;
}
