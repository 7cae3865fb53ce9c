export { RequestScopes, TRAIL_LENGTH } from './request-scopes.js';
export type { RequestScope } from './request-scopes.js';
export { createSentryErrorTracker, scrubBreadcrumb, scrubEvent } from './sentry-error-tracker.js';
export type { ClosableErrorTracker, SentryErrorTrackerOptions } from './sentry-error-tracker.js';
export { createPostHogAnalytics } from './posthog-analytics.js';
export type { ClosableAnalytics, PostHogAnalyticsOptions } from './posthog-analytics.js';
export { createPrometheusMetrics } from './prometheus-metrics.js';
export type { PoolCounts, PrometheusMetrics, RouteRecorder } from './prometheus-metrics.js';
export { scrubText, scrubValue } from './scrub.js';
