import type { DeliverySettings } from '../events/delivery/delivery-ports.js';
import type { WebhookEndpoint } from '../events/webhook-endpoint.js';
import type { EventType } from '../events/catalogue.js';
import { ScriptedEventSender } from './scripted-event-sender.js';
import { createTestWorld, TEST_DELIVERY_SETTINGS, type TestWorld } from './world.js';

/** The test world with the sender (and delivery settings) a delivery test scripts. */
export const createEventsWorld = (sender = new ScriptedEventSender(), settings: DeliverySettings = TEST_DELIVERY_SETTINGS) => ({
  ...createTestWorld(),
  eventSender: sender,
  deliverySettings: settings,
});

/** The world `createEventsWorld` builds. */
export type EventsWorld = ReturnType<typeof createEventsWorld>;

/** Stores an enabled endpoint of `organizationId` with a fresh secret; resolves with it and the secret in clear. */
export const anEndpoint = async (
  world: TestWorld,
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
