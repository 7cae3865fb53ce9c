import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from './app.js';
import { EmailOutbox } from './emails/email-outbox.js';
import type { EmulatorState } from './emulator-state.js';
import { RateLimiter } from './http/rate-limiter.js';
import type { IdpEmulator } from './idp-emulator.js';
import { InvitationStore } from './invitations/invitation-store.js';
import { KeyRing } from './keys/key-ring.js';
import { buildPublishableKey, frontendApiFromPublishableKey } from './keys/publishable-key.js';
import { generateSecretKey, generateWebhookSecret } from './keys/secrets.js';
import type { IdpEmulatorOptions } from './options.js';
import { EmulatorClock } from './support/clock.js';
import { silentLogger } from './support/logger.js';
import { UserStore } from './users/user-store.js';
import { WebhookDispatcher } from './webhooks/dispatcher.js';
import { UserEvents } from './webhooks/user-events.js';

const listen = (server: Server, port: number, host: string): Promise<number> =>
  new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });

/** Starts the provider emulator on its own HTTP server. */
export const startIdpEmulator = async (options: IdpEmulatorOptions = {}): Promise<IdpEmulator> => {
  const host = options.host ?? '127.0.0.1';
  const logger = options.logger ?? silentLogger;
  if (options.publishableKey !== undefined && frontendApiFromPublishableKey(options.publishableKey) === undefined) {
    throw new Error('publishableKey is not a valid publishable key (pk_test_… or pk_live_…)');
  }
  const keys = await KeyRing.create();
  const server = createServer();
  // Listen first: the default publishable key encodes the port actually bound.
  const port = await listen(server, options.port ?? 0, host);
  const url = `http://${host}:${port}`;
  const publishableKey = options.publishableKey ?? buildPublishableKey(`${host}:${port}`);
  const secretKey = options.secretKey ?? generateSecretKey();
  const webhookTarget = { url: options.webhookUrl, secret: options.webhookSecret ?? generateWebhookSecret() };
  const clock = new EmulatorClock();
  const instanceId = keys.current().kid;
  const webhooks = new WebhookDispatcher({
    clock,
    logger,
    target: webhookTarget,
    timeScale: options.timeScale ?? 1,
    timeoutMs: options.deliveryTimeoutMs ?? 15_000,
  });
  const config = {
    url,
    secretKey,
    publishableKey,
    instanceId,
    issuer: `https://${frontendApiFromPublishableKey(publishableKey) ?? ''}`,
    authorizedParty: options.authorizedParty ?? 'http://localhost:3000',
  };
  const state: EmulatorState = {
    config,
    clock,
    keys,
    logger,
    webhookTarget,
    webhooks,
    users: new UserStore(),
    sessions: new Map(),
    invitations: new InvitationStore(),
    emails: new EmailOutbox(),
    organizations: new Map(),
    userEvents: new UserEvents(webhooks, clock, instanceId),
    rateLimiter: new RateLimiter(options.rateLimit),
  };
  server.on('request', createApp(state).callback());
  logger.info({ url, issuer: config.issuer }, 'idp emulator listening');
  return {
    ...config,
    webhookSecret: webhookTarget.secret,
    close: () => {
      webhooks.close();
      return new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
    rotateKeys: () => keys.rotate(),
    currentKid: () => keys.current().kid,
    publicKeyPem: () => keys.publicKeyPem() ?? '',
    jwks: () => keys.jwks(),
    setDeliveryMode: (mode) => webhooks.setMode(mode),
    releaseHeld: (order) => webhooks.releaseHeld(order),
    whenSettled: async (timeoutMs = 30_000) => {
      if (!(await webhooks.waitSettled(timeoutMs))) {
        throw new Error(`webhook deliveries not settled after ${timeoutMs} ms (${webhooks.pendingCount()} pending)`);
      }
    },
    heldCount: () => webhooks.heldCount(),
    whenDeliveredExceptHeld: async (timeoutMs = 30_000) => {
      if (!(await webhooks.waitSettled(timeoutMs, { exceptHeld: true }))) {
        throw new Error(
          `webhook deliveries not finished after ${timeoutMs} ms (${webhooks.pendingCount() - webhooks.heldCount()} pending besides ${webhooks.heldCount()} held)`,
        );
      }
    },
    deliveries: () => webhooks.deliveries(),
    clearDeliveries: () => webhooks.clearLog(),
    setWebhookUrl: (next) => {
      webhookTarget.url = next;
    },
    setRateLimit: (limit) => state.rateLimiter.setLimit(limit),
    advanceClock: (ms) => clock.advance(ms),
    sentEmails: (to) => state.emails.list(to),
  };
};
