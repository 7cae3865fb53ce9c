import type { SentEmail } from './emails/email-outbox.js';
import type { PublicJwk } from './keys/key-ring.js';
import type { DeliveryAttempt } from './webhooks/dispatcher.js';
import type { DeliveryMode, ReleaseOrder } from './webhooks/delivery-mode.js';

/** A running emulator: its keys and URLs, plus programmatic controls for tests. */
export interface IdpEmulator {
  /** Base URL, e.g. `http://127.0.0.1:4010` (the SDK's `apiUrl`). */
  readonly url: string;
  readonly secretKey: string;
  readonly publishableKey: string;
  readonly webhookSecret: string;
  /** `https://<frontend API host from the publishable key>`: the `iss` of session tokens. */
  readonly issuer: string;
  /** The instance id (`ins_…`), also the first key's `kid` and the envelopes' `instance_id`. */
  readonly instanceId: string;
  /** The `azp` claim of session tokens. */
  readonly authorizedParty: string;
  /** Stops the server and every pending delivery. */
  close(): Promise<void>;
  /** Adds a new signing key (old public keys stay in the JWKS); returns its kid. */
  rotateKeys(): Promise<string>;
  /** The kid that signs new tokens. */
  currentKid(): string;
  /** SPKI PEM of the current signing key (for networkless verification). */
  publicKeyPem(): string;
  /** The JWKS document served at `/v1/jwks`. */
  jwks(): { keys: PublicJwk[] };
  /** Changes the delivery switches (duplicate, hold, delayMs, reorder); returns the resulting mode. */
  setDeliveryMode(mode: Partial<DeliveryMode>): DeliveryMode;
  /** Delivers held messages in `order` (default: the mode's `reorder`); returns how many were released. */
  releaseHeld(order?: ReleaseOrder): number;
  /** Resolves when no delivery is held, queued, in flight or scheduled; rejects after `timeoutMs` (default 30 s). */
  whenSettled(timeoutMs?: number): Promise<void>;
  /** How many messages the hold switch is holding back. */
  heldCount(): number;
  /** Like `whenSettled`, but held messages stay held and are not waited for: every other delivery has finished. */
  whenDeliveredExceptHeld(timeoutMs?: number): Promise<void>;
  /** Every delivery attempt so far, oldest first. */
  deliveries(): DeliveryAttempt[];
  /** Empties the delivery log. */
  clearDeliveries(): void;
  /** Sets (or clears) the webhook endpoint. */
  setWebhookUrl(url: string | undefined): void;
  /** Sets (or clears) the admin API rate limit, in requests per 10 s. */
  setRateLimit(limit: number | undefined): void;
  /** Moves the emulator clock by `ms` (invitation expiry, token times, timestamps). */
  advanceClock(ms: number): void;
  /** E-mails the provider would have sent (invitation links), newest first; only those to `to` when given. */
  sentEmails(to?: string): SentEmail[];
}
