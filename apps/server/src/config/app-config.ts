import type { AppLinks } from '@idv/adapters-http';
import type { DatabaseConfig } from '@idv/adapters-persistence';
import type { JobsConfig } from './jobs-config.js';
import type { ObservabilityConfig } from './observability-config.js';
import type { PaymentsConfig } from './payments-config.js';
import type { PushConfig } from './push-config.js';
import type { RateLimitConfig } from './rate-limit-config.js';
import type { WebhooksConfig } from './webhooks-config.js';
import type { BotCheckConfig } from './bot-check-config.js';

/** How to reach and trust a provider, whether it is real or emulated. */
export interface IdpSettings {
  readonly apiUrl: string;
  readonly secretKey: string;
  readonly publishableKey: string;
  readonly webhookSecret: string;
  readonly jwtKey?: string;
  readonly authorizedParties: readonly string[];
}

/** The provider the service talks to: a real one, or the emulator started in-process (development). */
export type IdpConfig =
  | ({ readonly mode: 'external' } & IdpSettings)
  | { readonly mode: 'emulated'; readonly emulatorPort: number; readonly authorizedParties: readonly string[] };

/** The decoded configuration (ARCHITECTURE §6). */
export interface AppConfig {
  readonly environment: 'production' | 'development' | 'test';
  readonly port: number;
  readonly database: DatabaseConfig;
  /** Local files: the embedded database and development state (`DATA_DIR`). */
  readonly dataDir: string;
  readonly migrateOnStart: boolean;
  /** `APPLE_APP_IDS`, `ANDROID_APP_PACKAGE`, `ANDROID_CERT_SHA256`: the apps behind `/.well-known/*`. */
  readonly appLinks: AppLinks;
  readonly idp: IdpConfig;
  readonly inviteSecret: string;
  /** `NATIONAL_ID_ENCRYPTION_KEY`: seals new national IDs (32 bytes in base64/base64url, or a passphrase of 32+ characters). */
  readonly nationalIdEncryptionKey: string;
  /** `NATIONAL_ID_DECRYPTION_KEYS`: retired encryption keys, kept only to open values sealed before a rotation. */
  readonly nationalIdDecryptionKeys: readonly string[];
  /** `INVITATION_TTL_DAYS`: how long an invitation stays acceptable. */
  readonly invitationTtlDays: number;
  /** `AGREEMENT_LINK_TTL_DAYS`: how long a signing link opens (1–365, default 14). */
  readonly agreementLinkTtlDays: number;
  readonly testAuthBypass: boolean;
  /** The outer limiter of the public routes and the invitation throttles. */
  readonly rateLimits: RateLimitConfig;
  /** The enabled payment providers, their credentials, the callback URLs and limits. */
  readonly payments: PaymentsConfig;
  /** The push service (Expo, or log-only) and when receipts are read. */
  readonly push: PushConfig;
  /** Error tracking, analytics, metrics, CORS, shutdown. */
  readonly observability: ObservabilityConfig;
  /** Outbound webhooks: the endpoint-secrets key, private endpoints (development), the retry schedule's scale. */
  readonly webhooks: WebhooksConfig;
  /** The bot check in front of the public purchase: off, the local stand-in, or Turnstile. */
  readonly botCheck: BotCheckConfig;
  /** The durable job queue: workers per queue, retries and their first delay, the poll interval (`JOBS_*`). */
  readonly jobs: JobsConfig;
  readonly appUrl: string;
  /** `SYNC_INTERVAL_MINUTES`, how often the server reconciles users with the provider; unset: never. */
  readonly syncIntervalMinutes?: number;
  readonly logLevel: string;
}
