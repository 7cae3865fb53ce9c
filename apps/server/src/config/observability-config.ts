/** Where defects go when `SENTRY_DSN` is set. */
export interface SentrySettings {
  readonly dsn: string;
  /** `NODE_ENV` (or `development`). */
  readonly environment: string;
}

/** Where product analytics go when `POSTHOG_API_KEY` is set. */
export interface PostHogSettings {
  readonly apiKey: string;
  /** `POSTHOG_HOST`. */
  readonly host: string;
}

/** How `/metrics` is reached; neither set means no metrics at all (and nothing recorded). */
export interface MetricsSettings {
  /** `METRICS_TOKEN`: `/metrics` on the API's port, behind this bearer token. */
  readonly token?: string;
  /** `METRICS_PORT`: `/metrics` on a port of its own, without a token. */
  readonly port?: number;
}

/** The decoded operations configuration. */
export interface ObservabilityConfig {
  /** Log-only error tracking when absent. */
  readonly sentry?: SentrySettings;
  /** Log-only analytics when absent. */
  readonly posthog?: PostHogSettings;
  readonly metrics: MetricsSettings;
  /** `CORS_ORIGINS`: the web origins allowed to call the API from a browser; none by default. */
  readonly corsOrigins: readonly string[];
  /** `SHUTDOWN_GRACE_SECONDS`: how long shutdown waits for in-flight requests before cutting them off. */
  readonly shutdownGraceMs: number;
}

/** The variables `observabilityConfig` reads, already decoded. */
export interface ObservabilityEnv {
  readonly NODE_ENV?: string;
  readonly PORT?: number;
  readonly SENTRY_DSN?: string;
  readonly POSTHOG_API_KEY?: string;
  readonly POSTHOG_HOST?: string;
  readonly METRICS_TOKEN?: string;
  readonly METRICS_PORT?: number;
  readonly CORS_ORIGINS?: readonly string[];
  readonly SHUTDOWN_GRACE_SECONDS?: number;
}

/** PostHog's US cloud, as its SDK defaults. */
export const DEFAULT_POSTHOG_HOST = 'https://us.i.posthog.com';
const DEFAULT_SHUTDOWN_GRACE_SECONDS = 10;

/** The operations configuration with its defaults, and one line per inconsistency. */
export const observabilityConfig = (
  env: ObservabilityEnv,
): { readonly observability: ObservabilityConfig; readonly problems: readonly string[] } => {
  const problems: string[] = [];
  if (env.METRICS_PORT !== undefined && env.METRICS_PORT !== 0 && env.METRICS_PORT === env.PORT)
    problems.push('METRICS_PORT: must differ from PORT');
  if (env.POSTHOG_HOST !== undefined && env.POSTHOG_API_KEY === undefined) problems.push('POSTHOG_HOST: set without POSTHOG_API_KEY');
  return {
    problems,
    observability: {
      ...(env.SENTRY_DSN === undefined ? {} : { sentry: { dsn: env.SENTRY_DSN, environment: env.NODE_ENV ?? 'development' } }),
      ...(env.POSTHOG_API_KEY === undefined
        ? {}
        : { posthog: { apiKey: env.POSTHOG_API_KEY, host: env.POSTHOG_HOST ?? DEFAULT_POSTHOG_HOST } }),
      metrics: {
        ...(env.METRICS_TOKEN === undefined ? {} : { token: env.METRICS_TOKEN }),
        ...(env.METRICS_PORT === undefined ? {} : { port: env.METRICS_PORT }),
      },
      corsOrigins: env.CORS_ORIGINS ?? [],
      shutdownGraceMs: (env.SHUTDOWN_GRACE_SECONDS ?? DEFAULT_SHUTDOWN_GRACE_SECONDS) * 1000,
    },
  };
};
