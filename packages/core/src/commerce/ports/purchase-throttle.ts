import type { RateLimiter, RateLimitPolicy } from '../../shared/rate-limiter.js';

/** The budgets a purchase draws on. */
export type PurchaseBudget = 'address' | 'email';

/**
 * One rate limiter per purchase budget, keyed by what the purchase passes: the client's address (by
 * the trusted-proxy rule) and the buyer's normalised email, across organizations.
 */
export type PurchaseThrottle = { readonly [Budget in PurchaseBudget]: RateLimiter };

/** The default purchase budgets: 20 purchases an hour per address, 5 an hour per buyer's email. */
export const DEFAULT_PURCHASE_LIMITS: { readonly [Budget in PurchaseBudget]: RateLimitPolicy } = {
  address: { points: 20, windowSeconds: 3600 },
  email: { points: 5, windowSeconds: 3600 },
};
