import type { DeliverySettings } from '../events/delivery/delivery-ports.js';
import type { WebhookEndpoint } from '../events/webhook-endpoint.js';
import type { EventType } from '../events/catalogue.js';
import { FakeEndpointSecretVault } from './fake-endpoint-secret-vault.js';
import { InMemoryEventDeliveries } from './in-memory-event-deliveries.js';
import { InMemoryWebhookEndpoints } from './in-memory-webhook-endpoints.js';
import { ScriptedEventSender } from './scripted-event-sender.js';
import { createTestWorld } from './world.js';

/** Delivery settings for tests: the real schedule (scale 1), jitter fixed at its middle (none). */
export const TEST_DELIVERY_SETTINGS: DeliverySettings = { scale: 1, random: () => 0.5, timeoutMs: 15_000 };

/** The test world plus the events area's ports: endpoints, deliveries, a scripted sender and a fake vault. */
export const createEventsWorld = (sender = new ScriptedEventSender(), settings: DeliverySettings = TEST_DELIVERY_SETTINGS) => ({
  ...createTestWorld(),
  webhookEndpoints: new InMemoryWebhookEndpoints(),
  eventDeliveries: new InMemoryEventDeliveries(),
  eventSender: sender,
  endpointSecretVault: new FakeEndpointSecretVault(),
  deliverySettings: settings,
});

/** The world `createEventsWorld` builds. */
export type EventsWorld = ReturnType<typeof createEventsWorld>;

/** Stores an enabled endpoint of `organizationId` with a fresh secret; resolves with it and the secret in clear. */
export const anEndpoint = async (
  world: EventsWorld,
  organizationId: string,
  options: { readonly url?: string; readonly eventTypes?: readonly EventType[] } = {},
): Promise<{ endpoint: WebhookEndpoint; secret: string }> => {
  const id = world.ids.uuid();
  const secret = world.endpointSecretVault.generate();
  const now = world.clock.now();
  const endpoint: WebhookEndpoint = {
    id,
    organizationId,
    url: options.url ?? 'https://hooks.example.com/idv',
    eventTypes: options.eventTypes ?? [],
    description: null,
    enabled: true,
    disabledReason: null,
    secret: await world.endpointSecretVault.seal(id, secret),
    previousSecret: null,
    previousSecretExpiresAt: null,
    failingSince: null,
    createdAt: now,
    updatedAt: now,
  };
  await world.webhookEndpoints.create(endpoint);
  return { endpoint, secret };
};
