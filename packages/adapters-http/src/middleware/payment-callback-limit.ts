import { BlockList, isIPv4 } from 'node:net';
import type { Context, Middleware } from 'koa';
import type { CallbackRejection, Logger, RateLimitDecision, RateLimiter } from '@idv/core';
import { clientAddress, sourceKey } from './client-address.js';
import { failure, send } from '../edge/reply.js';

/** The payment callbacks' own budgets (reference §8.8). */
export interface PaymentCallbackLimits {
  /** Every callback from a source, for the four routes together (`PAYMENT_CALLBACK_RATE_POINTS`). */
  readonly rate?: RateLimiter;
  /** Bad signatures and malformed bodies from a source (`PAYMENT_CALLBACK_FAIL_POINTS`); overspent, the source is blocked. */
  readonly failures?: RateLimiter;
  /** The providers' addresses or blocks (`PAYMENT_CALLBACK_TRUSTED_CIDRS`), exempt from both budgets. */
  readonly trustedCidrs?: readonly string[];
}

/** The rejections that spend a source's failure budget: someone guessing or forging, not a misconfigured scheme. */
const COUNTED: ReadonlySet<CallbackRejection['_tag']> = new Set(['InvalidSignature', 'MissingSignature', 'MalformedCallback']);

const blockListOf = (cidrs: readonly string[]): BlockList => {
  const list = new BlockList();
  for (const entry of cidrs) {
    const [address = '', bits] = entry.split('/');
    const family = isIPv4(address) ? 'ipv4' : 'ipv6';
    if (bits === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(bits), family);
  }
  return list;
};

const isTrusted = (list: BlockList, address: string): boolean => {
  const bare = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '').replace(/%.*$/, '');
  try {
    return list.check(bare, isIPv4(bare) ? 'ipv4' : 'ipv6');
  } catch {
    return false;
  }
};

const refuse = (ctx: Context, retryAfterSeconds: number, message: string): void => send(ctx, failure({ _tag: 'RateLimited', message, retryAfterSeconds }));

/**
 * The limiter in front of the four payment callback routes (reference §8.8): a source whose failure
 * budget is overspent is refused (429 with `Retry-After`, never PayTR's `OK`) before any work, then
 * every callback spends one point of its rate budget; after the route, a bad signature or a
 * malformed body (the route's `ctx.state.paymentRejection`) spends one point of its failure budget.
 * Trusted sources skip both. A limiter that fails lets the request through: the signatures still
 * protect the payments.
 *
 * @example
 * router.post('/payments/callbacks/paytr', paymentCallbackLimit({ rate, failures, trustedCidrs }, logger), handler);
 */
export const paymentCallbackLimit = (limits: PaymentCallbackLimits, logger: Logger, options: { readonly trustedProxyHops?: number } = {}): Middleware => {
  const trusted = blockListOf(limits.trustedCidrs ?? []);
  const ask = (limiter: RateLimiter, source: string, cost: number, path: string): Promise<RateLimitDecision> =>
    limiter.consume(source, cost).catch((error: unknown) => {
      logger.warn({ err: { message: error instanceof Error ? error.message : String(error) }, path }, 'payment callback limiter failed: request let through');
      return { allowed: true } as const;
    });
  return async (ctx, next) => {
    const address = clientAddress(ctx, options.trustedProxyHops);
    if (isTrusted(trusted, address)) return next();
    const source = sourceKey(address);
    if (limits.failures !== undefined) {
      // Zero points: only asks whether the source is blocked.
      const standing = await ask(limits.failures, source, 0, ctx.path);
      if (!standing.allowed) {
        logger.warn({ path: ctx.path, retryAfterSeconds: standing.retryAfterSeconds }, 'payment callback source blocked after repeated bad signatures');
        return refuse(ctx, standing.retryAfterSeconds, 'Too many rejected callbacks from this source; try again later');
      }
    }
    if (limits.rate !== undefined) {
      const decision = await ask(limits.rate, source, 1, ctx.path);
      if (!decision.allowed) {
        logger.info({ path: ctx.path, retryAfterSeconds: decision.retryAfterSeconds }, 'payment callback rate limited');
        return refuse(ctx, decision.retryAfterSeconds, 'Too many requests; try again later');
      }
    }
    await next();
    const rejection = ctx.state['paymentRejection'] as CallbackRejection['_tag'] | undefined;
    if (limits.failures !== undefined && rejection !== undefined && COUNTED.has(rejection)) await ask(limits.failures, source, 1, ctx.path);
  };
};
