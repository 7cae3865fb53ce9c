import type { InvitationBudget, InvitationThrottle } from '../invitation/ports/invitation-throttle.js';
import { DEFAULT_INVITATION_LIMITS } from '../invitation/ports/invitation-throttle.js';
import { DEFAULT_PURCHASE_LIMITS, type PurchaseBudget, type PurchaseThrottle } from '../commerce/ports/purchase-throttle.js';
import type { Clock } from '../shared/clock.js';
import type { RateLimitDecision, RateLimiter, RateLimitPolicy } from '../shared/rate-limiter.js';

interface Window {
  readonly endsAt: number;
  readonly used: number;
}

/**
 * A fixed-window rate limiter on a clock, as the real adapter counts: the window opens with a
 * key's first point and lasts `windowSeconds`.
 */
export class InMemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly clock: Clock,
    readonly policy: RateLimitPolicy,
  ) {}

  async consume(key: string, cost = 1): Promise<RateLimitDecision> {
    const now = this.clock.now().getTime();
    const current = this.windows.get(key);
    const window = current === undefined || current.endsAt <= now ? { endsAt: now + this.policy.windowSeconds * 1000, used: 0 } : current;
    const used = window.used + cost;
    this.windows.set(key, { endsAt: window.endsAt, used });
    return used <= this.policy.points
      ? { allowed: true }
      : { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((window.endsAt - now) / 1000)) };
  }

  async refund(key: string, cost = 1): Promise<void> {
    const window = this.windows.get(key);
    if (window !== undefined) this.windows.set(key, { endsAt: window.endsAt, used: Math.max(0, window.used - cost) });
  }

  /** Points taken from `key` in its current window (for assertions). */
  used(key: string): number {
    const window = this.windows.get(key);
    return window === undefined || window.endsAt <= this.clock.now().getTime() ? 0 : window.used;
  }
}

/** The invitation budgets on in-memory limiters sharing one clock (the default limits unless told). */
export const inMemoryInvitationThrottle = (
  clock: Clock,
  limits: { readonly [Budget in InvitationBudget]: RateLimitPolicy } = DEFAULT_INVITATION_LIMITS,
): { readonly [Budget in InvitationBudget]: InMemoryRateLimiter } & InvitationThrottle => ({
  organization: new InMemoryRateLimiter(clock, limits.organization),
  inviter: new InMemoryRateLimiter(clock, limits.inviter),
  recipient: new InMemoryRateLimiter(clock, limits.recipient),
  resend: new InMemoryRateLimiter(clock, limits.resend),
});

/** The purchase budgets on in-memory limiters sharing one clock (the default limits unless told). */
export const inMemoryPurchaseThrottle = (
  clock: Clock,
  limits: { readonly [Budget in PurchaseBudget]: RateLimitPolicy } = DEFAULT_PURCHASE_LIMITS,
): { readonly [Budget in PurchaseBudget]: InMemoryRateLimiter } & PurchaseThrottle => ({
  address: new InMemoryRateLimiter(clock, limits.address),
  email: new InMemoryRateLimiter(clock, limits.email),
});
