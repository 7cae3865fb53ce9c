import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import * as t from 'io-ts';
import * as E from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/lib/function.js';
import { DEFAULT_INVITATION_TTL_DAYS, describeErrors } from '@idv/core';
import { AndroidPackage, AppleAppIdList, appLinksConfig, Sha256FingerprintList } from './app-links-config.js';
import type { AppConfig, IdpConfig } from './app-config.js';
import { observabilityConfig } from './observability-config.js';
import { paymentsConfig } from './payments-config.js';
import { pushConfig } from './push-config.js';
import { rateLimitConfig } from './rate-limit-config.js';
import { developmentOnlyRefusal } from './deployment.js';
import { webhooksConfig } from './webhooks-config.js';
import { jobsConfig } from './jobs-config.js';
import { botCheckConfig } from './bot-check-config.js';
import {
  BooleanFlag,
  CidrList,
  GraceSeconds,
  Days,
  HttpUrl,
  IntervalSeconds,
  LogLevel,
  LongSecret,
  LongSecretList,
  MerchantId,
  Minutes,
  NodeEnv,
  PendingMinutes,
  NonEmpty,
  OriginList,
  PaymentProviderList,
  Port,
  PositiveCount,
  PostgresUrl,
  ProviderSecret,
  ProxyHops,
  PublishableKey,
  RedisUrl,
  KeyPrefix,
  SecondsUpToADay,
  SentryDsn,
  ScaleFactor,
  SecretKey,
  WebhookSecret,
  WorkerCount,
  RetryLimit,
  PollSeconds,
  HostnameList,
  TurnstileAction,
} from './env-codecs.js';

/** `AGREEMENT_LINK_TTL_DAYS` when unset: a signing link opens for two weeks. */
export const DEFAULT_AGREEMENT_LINK_TTL_DAYS = 14;

const Env = t.partial({
  NODE_ENV: NodeEnv,
  PORT: Port,
  DATABASE_URL: PostgresUrl,
  DATA_DIR: NonEmpty,
  MIGRATE_ON_START: BooleanFlag,
  IDP_API_URL: HttpUrl,
  IDP_SECRET_KEY: SecretKey,
  IDP_PUBLISHABLE_KEY: PublishableKey,
  IDP_WEBHOOK_SECRET: WebhookSecret,
  IDP_JWT_KEY: NonEmpty,
  IDP_AUTHORIZED_PARTIES: OriginList,
  IDP_EMULATOR_PORT: Port,
  APPLE_APP_IDS: AppleAppIdList,
  ANDROID_APP_PACKAGE: AndroidPackage,
  ANDROID_CERT_SHA256: Sha256FingerprintList,
  INVITE_SECRET: LongSecret,
  INVITATION_TTL_DAYS: Days,
  AGREEMENT_LINK_TTL_DAYS: Days,
  NATIONAL_ID_ENCRYPTION_KEY: LongSecret,
  NATIONAL_ID_DECRYPTION_KEYS: LongSecretList,
  TEST_AUTH_BYPASS: BooleanFlag,
  APP_URL: HttpUrl,
  LOG_LEVEL: LogLevel,
  REDIS_URL: RedisUrl,
  REDIS_KEY_PREFIX: KeyPrefix,
  PUBLIC_RATE_LIMIT_POINTS: PositiveCount,
  PUBLIC_RATE_LIMIT_WINDOW_SECONDS: PositiveCount,
  TRUSTED_PROXY_HOPS: ProxyHops,
  INVITATION_LIMIT_ORGANIZATION_PER_HOUR: PositiveCount,
  INVITATION_LIMIT_INVITER_PER_HOUR: PositiveCount,
  INVITATION_LIMIT_RECIPIENT_PER_DAY: PositiveCount,
  INVITATION_RESEND_COOLDOWN_SECONDS: PositiveCount,
  PAYMENTS_PROVIDERS: PaymentProviderList,
  IYZICO_API_KEY: ProviderSecret,
  IYZICO_SECRET_KEY: ProviderSecret,
  IYZICO_BASE_URL: HttpUrl,
  IYZICO_MERCHANT_ID: MerchantId,
  PAYTR_BASE_URL: HttpUrl,
  PAYTR_MERCHANT_ID: MerchantId,
  PAYTR_MERCHANT_KEY: ProviderSecret,
  PAYTR_MERCHANT_SALT: ProviderSecret,
  PAYTR_TEST_MODE: BooleanFlag,
  PUBLIC_API_URL: HttpUrl,
  PAYMENT_RESULT_URL: HttpUrl,
  PAYMENT_CALLBACK_RATE_POINTS: PositiveCount,
  PAYMENT_CALLBACK_FAIL_POINTS: PositiveCount,
  PAYMENT_CALLBACK_TRUSTED_CIDRS: CidrList,
  SYNC_INTERVAL_MINUTES: Minutes,
  EXPO_ACCESS_TOKEN: ProviderSecret,
  EXPO_BASE_URL: HttpUrl,
  EXPO_RECEIPT_DELAY_SECONDS: SecondsUpToADay,
  PAYMENT_PENDING_TTL_MINUTES: PendingMinutes,
  PAYMENT_SWEEP_INTERVAL_SECONDS: IntervalSeconds,
  PAYMENTS_EMULATOR_PORT: Port,
  SENTRY_DSN: SentryDsn,
  POSTHOG_API_KEY: ProviderSecret,
  POSTHOG_HOST: HttpUrl,
  METRICS_TOKEN: LongSecret,
  METRICS_PORT: Port,
  CORS_ORIGINS: OriginList,
  SHUTDOWN_GRACE_SECONDS: GraceSeconds,
  WEBHOOK_SECRETS_KEY: LongSecret,
  WEBHOOK_SECRETS_DECRYPTION_KEYS: LongSecretList,
  WEBHOOK_ENDPOINT_ALLOW_PRIVATE: BooleanFlag,
  WEBHOOK_RETRY_SCHEDULE_SCALE: ScaleFactor,
  JOBS_WORKERS: WorkerCount,
  JOBS_RETRY_LIMIT: RetryLimit,
  JOBS_RETRY_DELAY_SECONDS: IntervalSeconds,
  JOBS_POLL_INTERVAL_SECONDS: PollSeconds,
  JOBS_LEASE_SECONDS: IntervalSeconds,
  TURNSTILE_SECRET_KEY: ProviderSecret,
  TURNSTILE_HOSTNAMES: HostnameList,
  TURNSTILE_ACTION: TurnstileAction,
  TURNSTILE_SITEVERIFY_URL: HttpUrl,
  BOT_CHECK_LOCAL: BooleanFlag,
  PURCHASE_LIMIT_EMAIL_PER_HOUR: PositiveCount,
  PURCHASE_LIMIT_ADDRESS_PER_HOUR: PositiveCount,
});
type Env = t.TypeOf<typeof Env>;

const PROVIDER_VARIABLES = ['IDP_API_URL', 'IDP_SECRET_KEY', 'IDP_PUBLISHABLE_KEY', 'IDP_WEBHOOK_SECRET'] as const;
const PRODUCTION_SECRETS = [...PROVIDER_VARIABLES, 'INVITE_SECRET', 'NATIONAL_ID_ENCRYPTION_KEY'] as const;

const hasLiveKey = (env: Env): boolean =>
  env.IDP_SECRET_KEY?.startsWith('sk_live_') === true || env.IDP_PUBLISHABLE_KEY?.startsWith('pk_live_') === true;

// An empty value in an env file means "not set", as it does for most tools.
const withoutEmpty = (env: Readonly<Record<string, string | undefined>>) =>
  Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''));

const missing = (env: Env, names: readonly (keyof Env)[], why: string): string[] =>
  names.filter((name) => env[name] === undefined).map((name) => `${name}: required ${why}, got undefined (missing)`);

const idpConfig = (env: Env, production: boolean): E.Either<string[], IdpConfig> => {
  const authorizedParties = env.IDP_AUTHORIZED_PARTIES ?? [];
  const configured = PROVIDER_VARIABLES.some((name) => env[name] !== undefined) || env.IDP_JWT_KEY !== undefined;
  if (!configured && !production) return E.right({ mode: 'emulated', emulatorPort: env.IDP_EMULATOR_PORT ?? 4010, authorizedParties });
  const problems = missing(env, PROVIDER_VARIABLES, production ? 'when NODE_ENV=production' : 'once a provider is configured');
  if (problems.length > 0) return E.left(problems);
  return E.right({
    mode: 'external',
    apiUrl: env.IDP_API_URL!,
    secretKey: env.IDP_SECRET_KEY!,
    publishableKey: env.IDP_PUBLISHABLE_KEY!,
    webhookSecret: env.IDP_WEBHOOK_SECRET!,
    ...(env.IDP_JWT_KEY === undefined ? {} : { jwtKey: env.IDP_JWT_KEY }),
    authorizedParties,
  });
};

const build = (env: Env): E.Either<string[], AppConfig> => {
  const production = env.NODE_ENV === 'production';
  const problems = production ? missing(env, PRODUCTION_SECRETS, 'when NODE_ENV=production') : [];
  const deployment = { production, liveKeys: hasLiveKey(env) };
  const developmentOnly = developmentOnlyRefusal(deployment);
  if (developmentOnly !== undefined && env.TEST_AUTH_BYPASS === true)
    problems.push(`TEST_AUTH_BYPASS: must not be true ${developmentOnly}`);
  const idp = idpConfig(env, production);
  const links = appLinksConfig(env);
  problems.push(...links.problems);
  const port = env.PORT ?? 3000;
  const appUrl = env.APP_URL ?? 'http://localhost:3000';
  const development = (env.NODE_ENV ?? 'development') === 'development';
  const payments = paymentsConfig(env, { production, development, appUrl });
  problems.push(...payments.problems);
  const push = pushConfig(env);
  problems.push(...push.problems);
  const operations = observabilityConfig(env);
  problems.push(...operations.problems);
  // Private endpoints by default only with the embedded provider: a box with real provider keys asks for them.
  const webhooks = webhooksConfig(env, deployment, development && E.isRight(idp) && idp.right.mode === 'emulated');
  problems.push(...webhooks.problems);
  const bots = botCheckConfig(env, deployment);
  problems.push(...bots.problems);
  const dataDir = env.DATA_DIR ?? '.data';
  if (E.isLeft(idp)) problems.push(...idp.left.filter((line) => !problems.includes(line)));
  if (problems.length > 0 || E.isLeft(idp)) return E.left(problems);
  return E.right({
    environment: env.NODE_ENV ?? 'development',
    port,
    database:
      env.DATABASE_URL === undefined ? { kind: 'pglite', dataDir: join(dataDir, 'pglite') } : { kind: 'postgres', url: env.DATABASE_URL },
    dataDir,
    migrateOnStart: env.MIGRATE_ON_START ?? true,
    appLinks: links.appLinks,
    idp: idp.right,
    // Development only (production requires them): fresh secrets per process are fine there.
    inviteSecret: env.INVITE_SECRET ?? randomBytes(32).toString('base64url'),
    nationalIdEncryptionKey: env.NATIONAL_ID_ENCRYPTION_KEY ?? randomBytes(32).toString('base64url'),
    nationalIdDecryptionKeys: env.NATIONAL_ID_DECRYPTION_KEYS ?? [],
    invitationTtlDays: env.INVITATION_TTL_DAYS ?? DEFAULT_INVITATION_TTL_DAYS,
    agreementLinkTtlDays: env.AGREEMENT_LINK_TTL_DAYS ?? DEFAULT_AGREEMENT_LINK_TTL_DAYS,
    testAuthBypass: env.TEST_AUTH_BYPASS ?? false,
    rateLimits: rateLimitConfig(env),
    payments: payments.payments,
    push: push.push,
    observability: operations.observability,
    webhooks: webhooks.webhooks,
    jobs: jobsConfig(env),
    botCheck: bots.botCheck,
    appUrl,
    ...(env.SYNC_INTERVAL_MINUTES === undefined ? {} : { syncIntervalMinutes: env.SYNC_INTERVAL_MINUTES }),
    logLevel: env.LOG_LEVEL ?? 'info',
  });
};

/**
 * Decodes the environment once at start-up. A Left holds one readable line per bad or missing
 * variable, e.g. `PORT: expected a port number (0-65535), got "abc"`. Values are never echoed for
 * secrets.
 *
 * @example
 * const config = loadConfig(process.env); // Right(AppConfig) | Left(['PORT: …'])
 */
export const loadConfig = (env: Readonly<Record<string, string | undefined>>): E.Either<readonly string[], AppConfig> =>
  pipe(
    Env.decode(withoutEmpty(env)),
    E.mapLeft((errors) => describeErrors(errors).map(redactSecretValue)),
    E.chainW(build),
  );

const SECRET_NAMES =
  /^(IDP_SECRET_KEY|IDP_WEBHOOK_SECRET|INVITE_SECRET|NATIONAL_ID_ENCRYPTION_KEY|NATIONAL_ID_DECRYPTION_KEYS|IDP_JWT_KEY|DATABASE_URL|REDIS_URL|IYZICO_API_KEY|IYZICO_SECRET_KEY|PAYTR_MERCHANT_KEY|PAYTR_MERCHANT_SALT|EXPO_ACCESS_TOKEN|SENTRY_DSN|POSTHOG_API_KEY|METRICS_TOKEN|WEBHOOK_SECRETS_KEY|WEBHOOK_SECRETS_DECRYPTION_KEYS|TURNSTILE_SECRET_KEY):/;

// A mistyped secret is still a secret: say what is wrong without printing it.
const redactSecretValue = (line: string): string => (SECRET_NAMES.test(line) ? line.replace(/, got .*$/, ', got [REDACTED]') : line);
