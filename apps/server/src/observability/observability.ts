import type { Analytics, ErrorTracker, Logger, WebhookMetrics } from '@idv/core';
import {
  createPostHogAnalytics,
  createPrometheusMetrics,
  createSentryErrorTracker,
  type ClosableAnalytics,
  type ClosableErrorTracker,
  type PrometheusMetrics,
  type RequestScopes,
} from '@idv/adapters-observability';
import type { ObservabilityConfig } from '../config/observability-config.js';
import { BackgroundAnalytics } from './background-analytics.js';
import { LoggingAnalytics } from './logging-analytics.js';
import { IncidentGate } from './incident-gate.js';
import { LoggingErrorTracker } from './logging-error-tracker.js';

/** Analytics that shutdown can wait for: `drain()` resolves once every call started so far has settled. */
export interface DrainableAnalytics extends Analytics {
  drain(): Promise<void>;
}

/** Error tracking, analytics and metrics as configured, sharing the request scopes of the logger. */
export interface Observability {
  readonly scopes: RequestScopes;
  /**
   * Every defect is one log line with its stack, and is sent to Sentry with `SENTRY_DSN`; an incident
   * (the database or the provider away) only once, its repeats counted (see `IncidentGate`).
   */
  readonly errorTracker: ErrorTracker;
  /** The same gate: the adapters tell it when the database or the provider answers again. */
  readonly incidents: IncidentGate;
  /** PostHog with `POSTHOG_API_KEY`, always off the request path; otherwise debug log lines. */
  readonly analytics: DrainableAnalytics;
  /** Present when `/metrics` is reachable (`METRICS_TOKEN` or `METRICS_PORT`): nothing is recorded otherwise. */
  readonly metrics?: PrometheusMetrics;
  readonly webhookMetrics: WebhookMetrics;
  /** Waits for the analytics calls still running, then flushes the vendors' queues (at most `timeoutMs` each). */
  flush(timeoutMs: number): Promise<void>;
}

const NO_WEBHOOK_METRICS: WebhookMetrics = { delivery: () => undefined };

// With a vendor, a defect is both logged and sent: one line either way. The two share the request
// scopes, so a breadcrumb or the user is set once.
const loggedAndSent = (logged: ErrorTracker, vendor: ErrorTracker): ErrorTracker => ({
  addBreadcrumb: (breadcrumb) => vendor.addBreadcrumb(breadcrumb),
  setUser: (idpUserId) => vendor.setUser(idpUserId),
  captureException: (error, context) => {
    logged.captureException(error, context);
    vendor.captureException(error, context);
  },
});

/**
 * Builds the observability adapters from the configuration: the vendors when their
 * keys are set, the log-only adapters otherwise; Prometheus metrics only when they can be scraped.
 *
 * @example
 * const observability = createObservability(config.observability, logger, scopes);
 * // … at shutdown, after the last request:
 * await observability.flush(5_000);
 */
export const createObservability = (
  config: ObservabilityConfig,
  logger: Logger,
  scopes: RequestScopes,
  now: () => number = Date.now,
): Observability => {
  const sentry: ClosableErrorTracker | undefined =
    config.sentry === undefined ? undefined : createSentryErrorTracker({ ...config.sentry, scopes });
  const posthog: ClosableAnalytics | undefined =
    config.posthog === undefined ? undefined : createPostHogAnalytics({ ...config.posthog, logger });
  // A log line needs no background queue (its bookkeeping cost every new user's webhook; docs/performance.md).
  const analytics = posthog === undefined ? new LoggingAnalytics(logger) : new BackgroundAnalytics(posthog, logger);
  const exposed = config.metrics.token !== undefined || config.metrics.port !== undefined;
  const metrics = exposed ? createPrometheusMetrics() : undefined;
  const logged = new LoggingErrorTracker(logger, scopes);
  const incidents = new IncidentGate(sentry === undefined ? logged : loggedAndSent(logged, sentry), logger, { now });
  return {
    scopes,
    errorTracker: incidents,
    incidents,
    analytics,
    ...(metrics === undefined ? {} : { metrics }),
    webhookMetrics: metrics?.webhooks ?? NO_WEBHOOK_METRICS,
    flush: async (timeoutMs) => {
      await analytics.drain();
      await Promise.all([posthog?.close(timeoutMs), sentry?.close(timeoutMs)]);
    },
  };
};
