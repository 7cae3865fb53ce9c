import type { Context, Middleware, Next } from 'koa';
import { type Logger, type RateLimitDecision, type RateLimiter } from '@idv/core';
import { clientAddress, sourceKey } from './client-address.js';
import { failure } from '../edge/reply.js';
import { rejectionOf } from '../edge/rejection.js';
import { send } from '../edge/send.js';
import { failureBudget, refuseSource } from './failure-budget.js';

/** How the outer limiter tells sources apart. */
export interface PublicRateLimitOptions {
  /** Proxies of ours in front of the service whose `X-Forwarded-For` entry is trusted (default 0: the socket's peer). */
  readonly trustedProxyHops?: number;
}

/**
 * The outer rate limiter of the public routes (the payment callbacks mount the same one):
 * one point per request from the client's budget, 429 `RateLimited` with `Retry-After` once it is
 * spent. A limiter that fails lets the request through with a warning, never a 500.
 *
 * @example
 * router.post('/payments/callbacks/paytr', publicRateLimit(limiter, logger), handler);
 */
export const publicRateLimit = (limiter: RateLimiter, logger: Logger, options: PublicRateLimitOptions = {}): Middleware => {
  const refuse = (ctx: Context, decision: Extract<RateLimitDecision, { allowed: false }>): void => {
    logger.info({ method: ctx.method, path: ctx.path, retryAfterSeconds: decision.retryAfterSeconds }, 'request rate limited');
    send(
      ctx,
      failure({ _tag: 'RateLimited', message: 'Too many requests; try again later', retryAfterSeconds: decision.retryAfterSeconds }),
    );
  };
  const letThrough = (ctx: Context, next: Next, error: unknown): Promise<void> => {
    logger.warn(
      { err: { message: error instanceof Error ? error.message : String(error) }, path: ctx.path },
      'public rate limiter failed: request let through',
    );
    return next();
  };
  // One `then` rather than an async function with two awaits: every public request passes here (docs/performance.md).
  return (ctx, next) =>
    limiter.consume(sourceKey(clientAddress(ctx, options.trustedProxyHops))).then(
      (decision) => (decision.allowed ? next() : refuse(ctx, decision)),
      (error: unknown) => letThrough(ctx, next, error),
    );
};

/**
 * The outer limiter of a signed public route (`POST /webhooks/idp`), on the same per-source budget
 * as `publicRateLimit` but spent only by what fails: the route runs first, so a delivery whose
 * signature verifies is never refused for rate, even from a source over its budget. A refusal
 * named in `counted` (missing signature headers, a bad signature, a body refused before it could
 * be verified) spends one point; once the budget is spent such a refusal is answered 429
 * `RateLimited` with `Retry-After` instead. What a blocked source still costs is what any refusal
 * costs: the body read up to the route's limit and one HMAC, no database work.
 *
 * @example
 * router.post('/webhooks/idp', failureRateLimit(limiter, new Set(['InvalidWebhookSignature']), logger), handler);
 */
export const failureRateLimit = (
  limiter: RateLimiter,
  counted: ReadonlySet<string>,
  logger: Logger,
  options: PublicRateLimitOptions = {},
): Middleware => {
  const budget = failureBudget(limiter, counted, logger, 'public rate');
  return async (ctx, next) => {
    await next();
    if (!budget.counts(rejectionOf(ctx))) return;
    const decision = await budget.spend(sourceKey(clientAddress(ctx, options.trustedProxyHops)), ctx.path);
    if (decision.allowed) return;
    logger.info({ method: ctx.method, path: ctx.path, retryAfterSeconds: decision.retryAfterSeconds }, 'rejected request rate limited');
    refuseSource(ctx, decision.retryAfterSeconds, 'Too many rejected requests from this source; try again later');
  };
};
