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

/** The decoded payments configuration (issue #10). */
export interface PaymentsConfig {
  /** `PAYMENTS_PROVIDERS`: none unless listed. */
  readonly enabledProviders: readonly PaymentProvider[];
  /** Present exactly when iyzico is enabled. */
  readonly iyzico?: IyzicoSettings;
  /** Present exactly when PayTR is enabled. */
  readonly paytr?: PaytrSettings;
  /** `PUBLIC_API_URL`: this service as the providers reach it (builds iyzico's `callbackUrl`). */
  readonly publicApiUrl: string;
  /** `PAYMENT_RESULT_URL`: where the 3DS return sends the browser. */
  readonly resultUrl: string;
  readonly callbackLimits: PaymentCallbackLimits;
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
  readonly PUBLIC_API_URL?: string;
  readonly PAYMENT_RESULT_URL?: string;
  readonly PAYMENT_CALLBACK_RATE_POINTS?: number;
  readonly PAYMENT_CALLBACK_FAIL_POINTS?: number;
  readonly PAYMENT_CALLBACK_TRUSTED_CIDRS?: readonly string[];
}

/** iyzico's sandbox (reference §8.9); production sets `https://api.iyzipay.com`. */
export const IYZICO_SANDBOX_URL = 'https://sandbox-api.iyzipay.com';
/** PayTR's API. */
export const PAYTR_DEFAULT_URL = 'https://www.paytr.com';
/** 600 callbacks a minute per source (reference §8.8): provider bursts come from a few addresses. */
export const DEFAULT_PAYMENT_CALLBACK_RATE: RateLimitPolicy = { points: 600, windowSeconds: 60 };
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
 * URLs. Development defaults the URLs to this service and `APP_URL`.
 *
 * @example
 * paymentsConfig({ PAYMENTS_PROVIDERS: ['paytr'] }, { production: false, port: 3000, appUrl }); // { problems: ['PAYTR_MERCHANT_ID: required …', …] }
 */
export const paymentsConfig = (
  env: PaymentsEnv,
  context: { readonly production: boolean; readonly port: number; readonly appUrl: string },
): { readonly problems: readonly string[]; readonly payments: PaymentsConfig } => {
  const enabledProviders = env.PAYMENTS_PROVIDERS ?? [];
  const problems: string[] = [];
  if (enabledProviders.includes('iyzico')) problems.push(...missing(env, IYZICO_SECRETS, 'when PAYMENTS_PROVIDERS includes iyzico'));
  if (enabledProviders.includes('paytr')) problems.push(...missing(env, PAYTR_SECRETS, 'when PAYMENTS_PROVIDERS includes paytr'));
  if (context.production && enabledProviders.length > 0) problems.push(...missing(env, PUBLIC_URLS, 'when payments are enabled and NODE_ENV=production'));
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
    enabledProviders.includes('paytr') && env.PAYTR_MERCHANT_ID !== undefined && env.PAYTR_MERCHANT_KEY !== undefined && env.PAYTR_MERCHANT_SALT !== undefined
      ? { baseUrl: env.PAYTR_BASE_URL ?? PAYTR_DEFAULT_URL, merchantId: env.PAYTR_MERCHANT_ID, merchantKey: env.PAYTR_MERCHANT_KEY, merchantSalt: env.PAYTR_MERCHANT_SALT }
      : undefined;
  return {
    problems,
    payments: {
      enabledProviders,
      ...(iyzico === undefined ? {} : { iyzico }),
      ...(paytr === undefined ? {} : { paytr }),
      publicApiUrl: env.PUBLIC_API_URL ?? `http://localhost:${context.port}`,
      resultUrl: env.PAYMENT_RESULT_URL ?? `${context.appUrl}/payments/result`,
      callbackLimits: {
        rate: { ...DEFAULT_PAYMENT_CALLBACK_RATE, points: env.PAYMENT_CALLBACK_RATE_POINTS ?? DEFAULT_PAYMENT_CALLBACK_RATE.points },
        failures: { ...DEFAULT_PAYMENT_CALLBACK_FAILURES, points: env.PAYMENT_CALLBACK_FAIL_POINTS ?? DEFAULT_PAYMENT_CALLBACK_FAILURES.points },
        trustedCidrs: env.PAYMENT_CALLBACK_TRUSTED_CIDRS ?? [],
      },
    },
  };
};
