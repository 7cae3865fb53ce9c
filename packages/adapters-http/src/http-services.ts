import type {
  CommerceArea,
  DevicesArea,
  ErrorTracker,
  EventsArea,
  AgreementsArea,
  IdentityArea,
  Logger,
  OrganizationsArea,
  PaymentsArea,
  RateLimiter,
} from '@idv/core';
import type { AppLinks } from './app-links/app-links.js';
import type { PaymentCallbackLimits } from './middleware/payment-callback-limit.js';
import type { HttpMetrics } from './observability/http-metrics.js';
import type { MetricsEndpoint } from './routes/metrics-routes.js';

/**
 * The use cases the HTTP app calls, already bound to their ports by the composition root. Their
 * types come from core's area wiring, never retyped here.
 */
export type HttpServices = IdentityArea &
  OrganizationsArea &
  PaymentsArea &
  DevicesArea &
  CommerceArea &
  EventsArea &
  AgreementsArea & {
    /** Resolves when the service can serve (the database answers); rejects otherwise. */
    readonly checkReadiness: () => Promise<void>;
  };

/** What the HTTP app needs besides the use cases. */
export interface HttpAppOptions {
  readonly services: HttpServices;
  readonly logger: Logger;
  readonly errorTracker: ErrorTracker;
  /**
   * Wraps each request in its scope, given the request's id: the id on every log line
   * of the request, its error-tracking user and breadcrumbs.
   */
  readonly requestScope?: <T>(requestId: string, next: () => Promise<T>) => Promise<T>;
  /** Where request latencies and token failures are counted; nothing is recorded without it. */
  readonly metrics?: HttpMetrics;
  /** Serves `GET /metrics` on the API's port, behind its token; no such route without it. */
  readonly metricsEndpoint?: MetricsEndpoint & { readonly token: string };
  /** `CORS_ORIGINS`: the web origins allowed to call the API from a browser; none by default. */
  readonly corsOrigins?: readonly string[];
  /** Largest webhook body accepted, in bytes (default 512 KiB). */
  readonly webhookBodyLimit?: number;
  /**
   * `PAYMENT_RESULT_URL`; without it, no payment route is served. With `callbackLimits`, the
   * callbacks are behind their own limiter (rate, failure budget, trusted sources) instead of the
   * outer public one.
   */
  readonly payments?: { readonly resultUrl: string; readonly callbackLimits?: PaymentCallbackLimits };
  /** The apps behind `/.well-known/*`; a platform left out answers 404 there. */
  readonly appLinks?: AppLinks;
  /**
   * The outer rate limiter in front of every public route except the probes, keyed by
   * client address; the payment callbacks mount the same instance. A signed route (`Route.failureBudget`)
   * spends it only with refusals. Without it, nothing is limited.
   */
  readonly publicRateLimiter?: RateLimiter;
  /**
   * The per-token failure budget of the public signing routes (`/forms/:token*`, `/sign/:token`):
   * refusals per token, keyed by its SHA-256; nothing is counted without it.
   */
  readonly agreementLinkLimiter?: RateLimiter;
  /**
   * Issues a token of the local bot-check stand-in (`BOT_CHECK_LOCAL`, development and tests only):
   * with it, `POST /dev/bot-check-tokens` is served; without it, no such route.
   */
  readonly botCheckStandIn?: () => string;
  /** Proxies of ours in front whose `X-Forwarded-For` entry names the client (default 0: the socket's peer). */
  readonly trustedProxyHops?: number;
}
