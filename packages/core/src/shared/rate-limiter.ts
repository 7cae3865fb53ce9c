/** What a rate limiter answers: go ahead, or wait `retryAfterSeconds` (at least 1) before trying again. */
export type RateLimitDecision = { readonly allowed: true } | { readonly allowed: false; readonly retryAfterSeconds: number };

/** A budget: `points` per `windowSeconds`, per key. */
export interface RateLimitPolicy {
  readonly points: number;
  readonly windowSeconds: number;
  /** Once the budget is overspent, the key stays refused this long (default: until the window ends). */
  readonly blockSeconds?: number;
}

/**
 * A budget of points per window for each key (a source address, an organization, an inviter, a
 * recipient). Adapters keep the counts in memory or in a store that several instances share.
 */
export interface RateLimiter {
  /** Takes `cost` points (default 1) from `key`'s budget; a refusal says how long to wait. */
  consume(key: string, cost?: number): Promise<RateLimitDecision>;
  /** Gives back `cost` points (default 1) taken from `key`'s budget by a request refused further on. */
  refund(key: string, cost?: number): Promise<void>;
}

/** The decision that lets a request through. */
export const ALLOWED: RateLimitDecision = { allowed: true };
