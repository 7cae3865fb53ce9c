import type { DevicesArea, ErrorTracker, IdentityArea, Logger, OrganizationsArea, PaymentsArea, RateLimiter } from '@idv/core';
import type { AppLinks } from './app-links/app-links.js';
import type { PaymentCallbackLimits } from './middleware/payment-callback-limit.js';

/**
 * The use cases the HTTP app calls, already bound to their ports by the composition root. Their
 * types come from core's area wiring, never retyped here.
 */
export type HttpServices = IdentityArea &
  OrganizationsArea &
  DevicesArea & {
    /** Resolves when the service can serve (the database answers); rejects otherwise. */
    readonly checkReadiness: () => Promise<void>;
  };

/** What the HTTP app needs besides the use cases. */
export interface HttpAppOptions {
  readonly services: HttpServices;
  readonly logger: Logger;
  readonly errorTracker: ErrorTracker;
  /** Wraps each request, e.g. in the error-tracking scope that keeps its user and breadcrumbs. */
  readonly requestScope?: <T>(next: () => Promise<T>) => Promise<T>;
  /** Largest webhook body accepted, in bytes (default 512 KiB). */
  readonly webhookBodyLimit?: number;
  /**
   * The payments area and `PAYMENT_RESULT_URL`; without it, no payment route is served. With
   * `callbackLimits`, the callbacks are behind their own limiter (rate, failure budget, trusted
   * sources) instead of the outer public one.
   */
  readonly payments?: { readonly services: PaymentsArea; readonly resultUrl: string; readonly callbackLimits?: PaymentCallbackLimits };
  /** The apps behind `/.well-known/*` (issue 11); a platform left out answers 404 there. */
  readonly appLinks?: AppLinks;
  /**
   * The outer rate limiter in front of every public route except the probes (issue #9), keyed by
   * client address; the payment callbacks mount the same instance. Without it, nothing is limited.
   */
  readonly publicRateLimiter?: RateLimiter;
  /** Proxies of ours in front whose `X-Forwarded-For` entry names the client (default 0: the socket's peer). */
  readonly trustedProxyHops?: number;
}
