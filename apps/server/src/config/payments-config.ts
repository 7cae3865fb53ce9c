import type { PaymentProvider, RateLimitPolicy } from '@idv/core';

/** iyzico's credentials and API (reference §1.6, §8.9). */
export interface IyzicoSettings {
  readonly apiKey: string;
  readonly secretKey: string;
  /** `IYZICO_BASE_URL`: the sandbox unless set. */
  readonly baseUrl: string;
  /** `IYZICO_MERCHANT_ID`: signs the subscription webhook; without it that scheme is off. */
  readonly merchantId?: string;
}

/** PayTR's credentials and API (reference §4, §8.9). */
export interface PaytrSettings {
  readonly baseUrl: string;
  /** `PAYTR_TEST_MODE`: PayTR's `test_mode=1` (test cards on a live store). */
  readonly testMode: boolean;
  readonly merchantId: string;
  readonly merchantKey: string;
  readonly merchantSalt: string;
}

/** The payment callbacks' own limits (reference §8.8). */
export interface PaymentCallbackLimits {
  /** `PAYMENT_CALLBACK_RATE_POINTS` a minute per source, shared by the four callback routes. */
  readonly rate: RateLimitPolicy;
  /** `PAYMENT_CALLBACK_FAIL_POINTS` bad signatures (or malformed bodies) per 10 minutes per source, then blocked. */
  readonly failures: RateLimitPolicy;
  /** `PAYMENT_CALLBACK_TRUSTED_CIDRS`: the providers' addresses, exempt from both budgets. */
  readonly trustedCidrs: readonly string[];
}

/** The decoded payments configuration. */
export interface PaymentsConfig {
  /** `PAYMENTS_PROVIDERS`: none unless listed. */
  readonly enabledProviders: readonly PaymentProvider[];
  /** Present exactly when iyzico is enabled. */
  readonly iyzico?: IyzicoSettings;
  /** Present exactly when PayTR is enabled. */
  readonly paytr?: PaytrSettings;
  /** `PUBLIC_API_URL`: this service as the providers reach it (builds iyzico's `callbackUrl`); unset: the address it listens on. */
  readonly publicApiUrl: string | undefined;
  /** `PAYMENT_RESULT_URL`: where the 3DS return sends the browser. */
  readonly resultUrl: string;
  readonly callbackLimits: PaymentCallbackLimits;
  /** `PAYMENT_PENDING_TTL_MINUTES`: how long a payer has before a pending payment expires. */
  readonly pendingTtlMinutes: number;
  /** `PAYMENT_SWEEP_INTERVAL_SECONDS`: how often the sweeper runs. */
  readonly sweepIntervalSeconds: number;
  /** Development without `PAYMENTS_PROVIDERS`: both providers played by the in-process emulator on this port. */
  readonly emulator?: { readonly port: number };
}

/** The variables `paymentsConfig` reads, already decoded (secrets trimmed). */
export interface PaymentsEnv {
  readonly PAYMENTS_PROVIDERS?: readonly PaymentProvider[];
  readonly IYZICO_API_KEY?: string;
  readonly IYZICO_SECRET_KEY?: string;
  readonly IYZICO_BASE_URL?: string;
  readonly IYZICO_MERCHANT_ID?: string;
  readonly PAYTR_BASE_URL?: string;
  readonly PAYTR_MERCHANT_ID?: string;
  readonly PAYTR_MERCHANT_KEY?: string;
  readonly PAYTR_MERCHANT_SALT?: string;
  readonly PAYTR_TEST_MODE?: boolean;
  readonly PUBLIC_API_URL?: string;
  readonly PAYMENT_RESULT_URL?: string;
  readonly PAYMENT_CALLBACK_RATE_POINTS?: number;
  readonly PAYMENT_CALLBACK_FAIL_POINTS?: number;
  readonly PAYMENT_CALLBACK_TRUSTED_CIDRS?: readonly string[];
  readonly PAYMENT_PENDING_TTL_MINUTES?: number;
  readonly PAYMENT_SWEEP_INTERVAL_SECONDS?: number;
  readonly PAYMENTS_EMULATOR_PORT?: number;
}

/** iyzico's sandbox (reference §8.9); production sets `https://api.iyzipay.com`. */
export const IYZICO_SANDBOX_URL = 'https://sandbox-api.iyzipay.com';
/** PayTR's API. */
export const PAYTR_DEFAULT_URL = 'https://www.paytr.com';
/** 600 callbacks a minute per source (reference §8.8): provider bursts come from a few addresses. */
export const DEFAULT_PAYMENT_CALLBACK_RATE: RateLimitPolicy = { points: 600, windowSeconds: 60 };
/** 30 minutes to pay (PayTR's default `timeout_limit`, reference §8.4). */
export const DEFAULT_PAYMENT_PENDING_TTL_MINUTES = 30;
/** The sweeper runs once a minute. */
export const DEFAULT_PAYMENT_SWEEP_INTERVAL_SECONDS = 60;
/** The in-process payments emulator's port in development. */
export const DEFAULT_PAYMENTS_EMULATOR_PORT = 4020;
/** 20 bad signatures per 10 minutes per source, then 15 minutes blocked (reference §8.8). */
export const DEFAULT_PAYMENT_CALLBACK_FAILURES: RateLimitPolicy = { points: 20, windowSeconds: 600, blockSeconds: 900 };

const IYZICO_SECRETS = ['IYZICO_API_KEY', 'IYZICO_SECRET_KEY'] as const;
const PAYTR_SECRETS = ['PAYTR_MERCHANT_ID', 'PAYTR_MERCHANT_KEY', 'PAYTR_MERCHANT_SALT'] as const;
const PUBLIC_URLS = ['PUBLIC_API_URL', 'PAYMENT_RESULT_URL'] as const;

const missing = (env: PaymentsEnv, names: readonly (keyof PaymentsEnv)[], why: string): string[] =>
  names.filter((name) => env[name] === undefined).map((name) => `${name}: required ${why}, got undefined (missing)`);

/**
 * The payments configuration from the decoded environment: a provider's secrets are required only
 * when `PAYMENTS_PROVIDERS` enables it, and in production the enabled providers also need the public
 * URLs. Development defaults the URLs to this service and `APP_URL`, and, with no
 * `PAYMENTS_PROVIDERS` at all, plays both providers with the in-process emulator.
 *
 * @example
 * paymentsConfig({ PAYMENTS_PROVIDERS: ['paytr'] }, { production: false, development: true, appUrl }); // { problems: ['PAYTR_MERCHANT_ID: required …', …] }
 */
export const paymentsConfig = (
  env: PaymentsEnv,
  context: { readonly production: boolean; readonly development: boolean; readonly appUrl: string },
): { readonly problems: readonly string[]; readonly payments: PaymentsConfig } => {
  const enabledProviders = env.PAYMENTS_PROVIDERS ?? [];
  const problems: string[] = [];
  if (enabledProviders.includes('iyzico')) problems.push(...missing(env, IYZICO_SECRETS, 'when PAYMENTS_PROVIDERS includes iyzico'));
  if (enabledProviders.includes('paytr')) problems.push(...missing(env, PAYTR_SECRETS, 'when PAYMENTS_PROVIDERS includes paytr'));
  if (context.production && enabledProviders.length > 0)
    problems.push(...missing(env, PUBLIC_URLS, 'when payments are enabled and NODE_ENV=production'));
  const iyzico: IyzicoSettings | undefined =
    enabledProviders.includes('iyzico') && env.IYZICO_API_KEY !== undefined && env.IYZICO_SECRET_KEY !== undefined
      ? {
          apiKey: env.IYZICO_API_KEY,
          secretKey: env.IYZICO_SECRET_KEY,
          baseUrl: env.IYZICO_BASE_URL ?? IYZICO_SANDBOX_URL,
          ...(env.IYZICO_MERCHANT_ID === undefined ? {} : { merchantId: env.IYZICO_MERCHANT_ID }),
        }
      : undefined;
  const paytr: PaytrSettings | undefined =
    enabledProviders.includes('paytr') &&
    env.PAYTR_MERCHANT_ID !== undefined &&
    env.PAYTR_MERCHANT_KEY !== undefined &&
    env.PAYTR_MERCHANT_SALT !== undefined
      ? {
          baseUrl: env.PAYTR_BASE_URL ?? PAYTR_DEFAULT_URL,
          testMode: env.PAYTR_TEST_MODE ?? false,
          merchantId: env.PAYTR_MERCHANT_ID,
          merchantKey: env.PAYTR_MERCHANT_KEY,
          merchantSalt: env.PAYTR_MERCHANT_SALT,
        }
      : undefined;
  return {
    problems,
    payments: {
      enabledProviders,
      ...(iyzico === undefined ? {} : { iyzico }),
      ...(paytr === undefined ? {} : { paytr }),
      publicApiUrl: env.PUBLIC_API_URL,
      resultUrl: env.PAYMENT_RESULT_URL ?? `${context.appUrl}/payments/result`,
      callbackLimits: {
        rate: { ...DEFAULT_PAYMENT_CALLBACK_RATE, points: env.PAYMENT_CALLBACK_RATE_POINTS ?? DEFAULT_PAYMENT_CALLBACK_RATE.points },
        failures: {
          ...DEFAULT_PAYMENT_CALLBACK_FAILURES,
          points: env.PAYMENT_CALLBACK_FAIL_POINTS ?? DEFAULT_PAYMENT_CALLBACK_FAILURES.points,
        },
        trustedCidrs: env.PAYMENT_CALLBACK_TRUSTED_CIDRS ?? [],
      },
      pendingTtlMinutes: env.PAYMENT_PENDING_TTL_MINUTES ?? DEFAULT_PAYMENT_PENDING_TTL_MINUTES,
      sweepIntervalSeconds: env.PAYMENT_SWEEP_INTERVAL_SECONDS ?? DEFAULT_PAYMENT_SWEEP_INTERVAL_SECONDS,
      ...(context.development && env.PAYMENTS_PROVIDERS === undefined
        ? { emulator: { port: env.PAYMENTS_EMULATOR_PORT ?? DEFAULT_PAYMENTS_EMULATOR_PORT } }
        : {}),
    },
  };
};
