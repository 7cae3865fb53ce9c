import type { Context } from 'koa';
import type { Logger, RateLimitDecision, RateLimiter } from '@idv/core';
import { failure } from '../edge/reply.js';
import { send } from '../edge/send.js';

/** 429 `RateLimited` with `Retry-After`. */
export const refuseSource = (ctx: Context, retryAfterSeconds: number, message: string): void =>
  send(ctx, failure({ _tag: 'RateLimited', message, retryAfterSeconds }));

/** Asks a limiter for `cost` points of a source's budget; a limiter that fails lets the request through with a warning. */
export const lenientConsume =
  (limiter: RateLimiter, logger: Logger, what: string) =>
  (source: string, cost: number, path: string): Promise<RateLimitDecision> =>
    limiter.consume(source, cost).catch((error: unknown) => {
      logger.warn(
        { err: { message: error instanceof Error ? error.message : String(error) }, path },
        `${what} limiter failed: request let through`,
      );
      return { allowed: true } as const;
    });

/** A source's budget of failures on signed routes (reference §8.8): only what fails spends it. */
export interface FailureBudget {
  /** Whether the source is blocked (spends nothing). */
  standing(source: string, path: string): Promise<RateLimitDecision>;
  /** Spends one point for a counted refusal; the decision says whether the source is now over budget. */
  spend(source: string, path: string): Promise<RateLimitDecision>;
  /** Whether a route's refusal spends the budget. */
  counts(rejection: string | undefined): boolean;
}

/**
 * The failure budget over a limiter: `counted` names the refusals that spend it (someone guessing
 * or forging: a missing or bad signature, a body that cannot be verified), never a delivery whose
 * signature verified. A limiter that fails lets the request through with a warning: the signatures
 * still protect the route.
 *
 * @example
 * const budget = failureBudget(limiter, new Set(['InvalidSignature']), logger, 'payment callback');
 * if (budget.counts(rejectionOf(ctx))) await budget.spend(source, ctx.path);
 */
export const failureBudget = (limiter: RateLimiter, counted: ReadonlySet<string>, logger: Logger, what: string): FailureBudget => {
  const ask = lenientConsume(limiter, logger, what);
  return {
    // Zero points: only asks whether the source is blocked.
    standing: (source, path) => ask(source, 0, path),
    spend: (source, path) => ask(source, 1, path),
    counts: (rejection) => rejection !== undefined && counted.has(rejection),
  };
};
