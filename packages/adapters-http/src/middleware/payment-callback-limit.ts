import { BlockList, isIPv4 } from 'node:net';
import type { Middleware } from 'koa';
import type { CallbackRejection, Logger, RateLimiter } from '@idv/core';
import { clientAddress, sourceKey } from './client-address.js';
import { rejectionOf } from '../edge/rejection.js';
import { failureBudget, lenientConsume, refuseSource } from './failure-budget.js';

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
const COUNTED: ReadonlySet<string> = new Set<CallbackRejection['_tag']>(['InvalidSignature', 'MissingSignature', 'MalformedCallback']);

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

/**
 * The limiter in front of the four payment callback routes (reference §8.8): a source whose failure
 * budget is overspent is refused (429 with `Retry-After`, never PayTR's `OK`) before any work, then
 * every callback spends one point of its rate budget; after the route, a bad signature or a
 * malformed body (the refusal the route answered, its reply's `rejection`) spends one point of its failure budget.
 * Trusted sources skip both. A limiter that fails lets the request through: the signatures still
 * protect the payments.
 *
 * @example
 * router.post('/payments/callbacks/paytr', paymentCallbackLimit({ rate, failures, trustedCidrs }, logger), handler);
 */
export const paymentCallbackLimit = (
  limits: PaymentCallbackLimits,
  logger: Logger,
  options: { readonly trustedProxyHops?: number } = {},
): Middleware => {
  const trusted = blockListOf(limits.trustedCidrs ?? []);
  const failures = limits.failures === undefined ? undefined : failureBudget(limits.failures, COUNTED, logger, 'payment callback');
  const rate = limits.rate === undefined ? undefined : lenientConsume(limits.rate, logger, 'payment callback');
  return async (ctx, next) => {
    const address = clientAddress(ctx, options.trustedProxyHops);
    if (isTrusted(trusted, address)) return next();
    const source = sourceKey(address);
    if (failures !== undefined) {
      const standing = await failures.standing(source, ctx.path);
      if (!standing.allowed) {
        logger.warn(
          { path: ctx.path, retryAfterSeconds: standing.retryAfterSeconds },
          'payment callback source blocked after repeated bad signatures',
        );
        return refuseSource(ctx, standing.retryAfterSeconds, 'Too many rejected callbacks from this source; try again later');
      }
    }
    if (rate !== undefined) {
      const decision = await rate(source, 1, ctx.path);
      if (!decision.allowed) {
        logger.info({ path: ctx.path, retryAfterSeconds: decision.retryAfterSeconds }, 'payment callback rate limited');
        return refuseSource(ctx, decision.retryAfterSeconds, 'Too many requests; try again later');
      }
    }
    await next();
    if (failures !== undefined && failures.counts(rejectionOf(ctx))) await failures.spend(source, ctx.path);
  };
};
