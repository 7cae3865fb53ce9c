import type { EmulatorLogger } from './support/logger.js';

/** Options of `startIdpEmulator`; every key and secret is generated when omitted. */
export interface IdpEmulatorOptions {
  /** Port to listen on; 0 (default) picks an ephemeral one. */
  readonly port?: number;
  /** Interface to bind; default `127.0.0.1`. */
  readonly host?: string;
  /** Admin API secret; default a generated `sk_test_…`. */
  readonly secretKey?: string;
  /** Publishable key; default `pk_test_` + base64 of `<host:port>$`. Its host becomes the token issuer. */
  readonly publishableKey?: string;
  /** Where webhooks are delivered; none when omitted. */
  readonly webhookUrl?: string;
  /** Webhook signing secret; default `whsec_` + base64 of 32 random bytes. */
  readonly webhookSecret?: string;
  /** Multiplies the retry schedule (e.g. 0.001 in tests); default 1. */
  readonly timeScale?: number;
  /** Admin API requests allowed per 10 s window; off when omitted. */
  readonly rateLimit?: number;
  /** The `azp` claim of session tokens; default `http://localhost:3000`. */
  readonly authorizedParty?: string;
  /** Per-attempt webhook timeout in ms; default 15000 (the provider's). */
  readonly deliveryTimeoutMs?: number;
  /** Structured logger; silent by default. */
  readonly logger?: EmulatorLogger;
}
