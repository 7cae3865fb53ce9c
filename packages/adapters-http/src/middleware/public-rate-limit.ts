import type { Context, Middleware, Next } from 'koa';
import { type Logger, type RateLimitDecision, type RateLimiter } from '@idv/core';
import { clientAddress, sourceKey } from './client-address.js';
import { failure, send } from '../edge/reply.js';

/** How the outer limiter tells sources apart. */
export interface PublicRateLimitOptions {
  /** Proxies of ours in front of the service whose `X-Forwarded-For` entry is trusted (default 0: the socket's peer). */
  readonly trustedProxyHops?: number;
}

/**
 * The outer rate limiter of the public routes (issue #9; the payment callbacks mount the same one):
 * one point per request from the client's budget, 429 `RateLimited` with `Retry-After` once it is
 * spent. A limiter that fails lets the request through with a warning, never a 500.
 *
 * @example
 * router.post('/payments/callbacks/paytr', publicRateLimit(limiter, logger), handler);
 */
export const publicRateLimit = (limiter: RateLimiter, logger: Logger, options: PublicRateLimitOptions = {}): Middleware => {
  const refuse = (ctx: Context, decision: Extract<RateLimitDecision, { allowed: false }>): void => {
    logger.info({ method: ctx.method, path: ctx.path, retryAfterSeconds: decision.retryAfterSeconds }, 'request rate limited');
    send(ctx, failure({ _tag: 'RateLimited', message: 'Too many requests; try again later', retryAfterSeconds: decision.retryAfterSeconds }));
  };
  const letThrough = (ctx: Context, next: Next, error: unknown): Promise<void> => {
    logger.warn({ err: { message: error instanceof Error ? error.message : String(error) }, path: ctx.path }, 'public rate limiter failed: request let through');
    return next();
  };
  // One `then` rather than an async function with two awaits: every public request passes here (issue #7).
  return (ctx, next) =>
    limiter.consume(sourceKey(clientAddress(ctx, options.trustedProxyHops))).then(
      (decision) => (decision.allowed ? next() : refuse(ctx, decision)),
      (error: unknown) => letThrough(ctx, next, error),
    );
};
