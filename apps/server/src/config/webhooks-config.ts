import { randomBytes } from 'node:crypto';
import { developmentOnlyRefusal, type Deployment } from './deployment.js';

/** Outbound webhooks: how endpoint secrets are sealed, which endpoints may be reached, how retries are spaced. */
export interface WebhooksConfig {
  /**
   * `WEBHOOK_SECRETS_KEY`: seals endpoint secrets. Generated per process outside production when
   * unset (`secretsKeyGenerated`); absent only in production when unset, where no endpoint can be created.
   */
  readonly secretsKey?: string;
  readonly secretsKeyGenerated: boolean;
  /** `WEBHOOK_SECRETS_DECRYPTION_KEYS`: retired keys, kept only to open secrets sealed before a rotation. */
  readonly secretsDecryptionKeys: readonly string[];
  /** `WEBHOOK_ENDPOINT_ALLOW_PRIVATE`: plain http and loopback/private endpoints (development and tests only; on by default in development). */
  readonly allowPrivateEndpoints: boolean;
  /** `WEBHOOK_RETRY_SCHEDULE_SCALE`: every delay of the retry schedule is multiplied by it (tests compress it; 1 otherwise). */
  readonly retryScheduleScale: number;
}

/** The variables `webhooksConfig` reads, already decoded. */
export interface WebhooksEnv {
  readonly WEBHOOK_SECRETS_KEY?: string;
  readonly WEBHOOK_SECRETS_DECRYPTION_KEYS?: readonly string[];
  readonly WEBHOOK_ENDPOINT_ALLOW_PRIVATE?: boolean;
  readonly WEBHOOK_RETRY_SCHEDULE_SCALE?: number;
}

/**
 * The outbound-webhooks configuration from the decoded environment, and one line per problem: the
 * development-only settings (private endpoints, a compressed retry schedule) are refused in production.
 *
 * @example
 * webhooksConfig({ WEBHOOK_ENDPOINT_ALLOW_PRIVATE: true }, { production: true, liveKeys: false }).problems;
 * // ['WEBHOOK_ENDPOINT_ALLOW_PRIVATE: must not be true when NODE_ENV=production (development and tests only)']
 */
export const webhooksConfig = (
  env: WebhooksEnv,
  deployment: Deployment,
  /**
   * The zero-setup development mode (`NODE_ENV` development or unset, the embedded provider emulator):
   * private endpoints are allowed unless told otherwise, so `npm run demo` receives its events on loopback.
   */
  zeroSetupDevelopment = false,
): { readonly webhooks: WebhooksConfig; readonly problems: readonly string[] } => {
  const problems: string[] = [];
  const refusal = developmentOnlyRefusal(deployment);
  if (refusal !== undefined && env.WEBHOOK_ENDPOINT_ALLOW_PRIVATE === true)
    problems.push(`WEBHOOK_ENDPOINT_ALLOW_PRIVATE: must not be true ${refusal} (development and tests only)`);
  if (refusal !== undefined && env.WEBHOOK_RETRY_SCHEDULE_SCALE !== undefined && env.WEBHOOK_RETRY_SCHEDULE_SCALE !== 1)
    problems.push(`WEBHOOK_RETRY_SCHEDULE_SCALE: must not compress the retry schedule ${refusal} (tests only)`);
  if (env.WEBHOOK_SECRETS_DECRYPTION_KEYS !== undefined && env.WEBHOOK_SECRETS_KEY === undefined)
    problems.push('WEBHOOK_SECRETS_DECRYPTION_KEYS: set without WEBHOOK_SECRETS_KEY (nothing new could be sealed)');
  // Outside production only, as for national IDs: secrets sealed under it no longer open after a restart.
  const generated = env.WEBHOOK_SECRETS_KEY === undefined && !deployment.production;
  const secretsKey = env.WEBHOOK_SECRETS_KEY ?? (generated ? randomBytes(32).toString('base64url') : undefined);
  return {
    problems,
    webhooks: {
      ...(secretsKey === undefined ? {} : { secretsKey }),
      secretsKeyGenerated: generated,
      secretsDecryptionKeys: env.WEBHOOK_SECRETS_DECRYPTION_KEYS ?? [],
      allowPrivateEndpoints: env.WEBHOOK_ENDPOINT_ALLOW_PRIVATE ?? (zeroSetupDevelopment && refusal === undefined),
      retryScheduleScale: env.WEBHOOK_RETRY_SCHEDULE_SCALE ?? 1,
    },
  };
};
