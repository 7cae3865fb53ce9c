import type { EventType } from './catalogue.js';
import type { SealedEndpointSecret } from './ports/endpoint-secret-vault.js';

/** Why an endpoint was disabled by the service (an owner's own `enabled: false` has none). */
export type DisabledReason = 'gone' | 'failing';

/** An organization's webhook endpoint. Its secrets are sealed at rest; nothing here is ever logged whole. */
export interface WebhookEndpoint {
  readonly id: string;
  readonly organizationId: string;
  readonly url: string;
  /** The event types it receives; empty means every type. */
  readonly eventTypes: readonly EventType[];
  readonly description: string | null;
  readonly enabled: boolean;
  readonly disabledReason: DisabledReason | null;
  /** The signing secret (`whsec_…`), sealed. */
  readonly secret: SealedEndpointSecret;
  /** The secret before the last rotation, sealed; it still signs until `previousSecretExpiresAt`. */
  readonly previousSecret: SealedEndpointSecret | null;
  readonly previousSecretExpiresAt: Date | null;
  /** Since when every attempt has failed (none after a success). */
  readonly failingSince: Date | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** What an owner may change of an endpoint. */
export interface WebhookEndpointChanges {
  readonly url?: string;
  readonly eventTypes?: readonly EventType[];
  readonly description?: string | null;
  /** Enabling clears the service's disabling reason and the failing streak. */
  readonly enabled?: boolean;
}

/** Whether an endpoint receives events of `type`. */
export const subscribes = (endpoint: WebhookEndpoint, type: string): boolean =>
  endpoint.enabled && (endpoint.eventTypes.length === 0 || endpoint.eventTypes.some((subscribed) => subscribed === type));

/** The sealed secrets that sign a delivery at `now`, newest first (the previous one while its 24 h last). */
export const liveSecrets = (endpoint: WebhookEndpoint, now: Date): readonly SealedEndpointSecret[] =>
  endpoint.previousSecret !== null && endpoint.previousSecretExpiresAt !== null && endpoint.previousSecretExpiresAt > now
    ? [endpoint.secret, endpoint.previousSecret]
    : [endpoint.secret];
