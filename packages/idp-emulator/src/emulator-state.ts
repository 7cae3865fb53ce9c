import type { EmailOutbox } from './emails/email-outbox.js';
import type { KeyRing } from './keys/key-ring.js';
import type { RateLimiter } from './http/rate-limiter.js';
import type { InvitationStore } from './invitations/invitation-store.js';
import type { SessionJson } from './sessions/session-json.js';
import type { EmulatorClock } from './support/clock.js';
import type { EmulatorLogger } from './support/logger.js';
import type { UserStore } from './users/user-store.js';
import type { WebhookDispatcher, WebhookTarget } from './webhooks/dispatcher.js';
import type { UserEvents } from './webhooks/user-events.js';

/** The fixed facts of one running emulator. */
export interface EmulatorConfig {
  readonly url: string;
  readonly secretKey: string;
  readonly publishableKey: string;
  readonly issuer: string;
  readonly instanceId: string;
  readonly authorizedParty: string;
}

/** Everything the routes share. */
export interface EmulatorState {
  readonly config: EmulatorConfig;
  readonly clock: EmulatorClock;
  readonly keys: KeyRing;
  readonly users: UserStore;
  readonly sessions: Map<string, SessionJson>;
  readonly invitations: InvitationStore;
  /** E-mails the provider would have sent (invitation links). */
  readonly emails: EmailOutbox;
  readonly organizations: Map<string, Record<string, unknown>>;
  readonly webhookTarget: WebhookTarget;
  readonly webhooks: WebhookDispatcher;
  readonly userEvents: UserEvents;
  readonly rateLimiter: RateLimiter;
  readonly logger: EmulatorLogger;
}
