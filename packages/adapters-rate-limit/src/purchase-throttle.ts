import type { Logger, PurchaseBudget, PurchaseThrottle, RateLimitPolicy } from '@idv/core';
import { flexibleRateLimiter } from './flexible-rate-limiter.js';
import type { RateLimitStore } from './rate-limit-store.js';

/**
 * The core `PurchaseThrottle` on rate-limiter-flexible: one limiter per budget (the client's address,
 * the buyer's email) in `store` (memory, or the Redis the instances share), each with its own policy.
 *
 * @example
 * const purchaseThrottle = flexiblePurchaseThrottle(MEMORY_STORE, DEFAULT_PURCHASE_LIMITS, logger);
 */
export const flexiblePurchaseThrottle = (
  store: RateLimitStore,
  limits: { readonly [Budget in PurchaseBudget]: RateLimitPolicy },
  logger: Logger,
): PurchaseThrottle => ({
  address: flexibleRateLimiter(store, limits.address, { name: 'purchase-address', logger }),
  email: flexibleRateLimiter(store, limits.email, { name: 'purchase-email', logger }),
});
