import {
  DEFAULT_INVITATION_LIMITS,
  DEFAULT_PURCHASE_LIMITS,
  type InvitationBudget,
  type PurchaseBudget,
  type RateLimitPolicy,
} from '@idv/core';

/** The rate limiters' configuration: where they count, the public budget, the invitation budgets. */
export interface RateLimitConfig {
  /** `REDIS_URL`: counts shared by every instance; in this process's memory when unset. */
  readonly redisUrl?: string;
  /** `REDIS_KEY_PREFIX`: the namespace of the limiters' keys in Redis. */
  readonly keyPrefix: string;
  /** `PUBLIC_RATE_LIMIT_POINTS` per `PUBLIC_RATE_LIMIT_WINDOW_SECONDS`, per client address, on the public routes. */
  readonly public: RateLimitPolicy;
  /** `TRUSTED_PROXY_HOPS`: proxies of ours whose `X-Forwarded-For` entry names the client. */
  readonly trustedProxyHops: number;
  readonly invitations: { readonly [Budget in InvitationBudget]: RateLimitPolicy };
  /** `PURCHASE_LIMIT_ADDRESS_PER_HOUR` per client address, `PURCHASE_LIMIT_EMAIL_PER_HOUR` per buyer's email. */
  readonly purchases: { readonly [Budget in PurchaseBudget]: RateLimitPolicy };
}

/** The variables `rateLimitConfig` reads, already decoded. */
export interface RateLimitEnv {
  readonly REDIS_URL?: string;
  readonly REDIS_KEY_PREFIX?: string;
  readonly PUBLIC_RATE_LIMIT_POINTS?: number;
  readonly PUBLIC_RATE_LIMIT_WINDOW_SECONDS?: number;
  readonly TRUSTED_PROXY_HOPS?: number;
  readonly INVITATION_LIMIT_ORGANIZATION_PER_HOUR?: number;
  readonly INVITATION_LIMIT_INVITER_PER_HOUR?: number;
  readonly INVITATION_LIMIT_RECIPIENT_PER_DAY?: number;
  readonly INVITATION_RESEND_COOLDOWN_SECONDS?: number;
  readonly PURCHASE_LIMIT_EMAIL_PER_HOUR?: number;
  readonly PURCHASE_LIMIT_ADDRESS_PER_HOUR?: number;
}

/**
 * 6,000 requests a minute (100/s) per source: a flood guard, not a throttle on the provider, whose
 * deliveries come from a few addresses and may arrive in bursts (a bulk import of users).
 */
export const DEFAULT_PUBLIC_RATE_LIMIT: RateLimitPolicy = { points: 6_000, windowSeconds: 60 };

/** The rate limiters' configuration from the decoded environment, with the defaults filled in. */
export const rateLimitConfig = (env: RateLimitEnv): RateLimitConfig => ({
  ...(env.REDIS_URL === undefined ? {} : { redisUrl: env.REDIS_URL }),
  keyPrefix: env.REDIS_KEY_PREFIX ?? 'idv:rl',
  public: {
    points: env.PUBLIC_RATE_LIMIT_POINTS ?? DEFAULT_PUBLIC_RATE_LIMIT.points,
    windowSeconds: env.PUBLIC_RATE_LIMIT_WINDOW_SECONDS ?? DEFAULT_PUBLIC_RATE_LIMIT.windowSeconds,
  },
  trustedProxyHops: env.TRUSTED_PROXY_HOPS ?? 0,
  invitations: {
    organization: {
      points: env.INVITATION_LIMIT_ORGANIZATION_PER_HOUR ?? DEFAULT_INVITATION_LIMITS.organization.points,
      windowSeconds: 3600,
    },
    inviter: { points: env.INVITATION_LIMIT_INVITER_PER_HOUR ?? DEFAULT_INVITATION_LIMITS.inviter.points, windowSeconds: 3600 },
    recipient: { points: env.INVITATION_LIMIT_RECIPIENT_PER_DAY ?? DEFAULT_INVITATION_LIMITS.recipient.points, windowSeconds: 86_400 },
    resend: { points: 1, windowSeconds: env.INVITATION_RESEND_COOLDOWN_SECONDS ?? DEFAULT_INVITATION_LIMITS.resend.windowSeconds },
  },
  purchases: {
    address: { points: env.PURCHASE_LIMIT_ADDRESS_PER_HOUR ?? DEFAULT_PURCHASE_LIMITS.address.points, windowSeconds: 3600 },
    email: { points: env.PURCHASE_LIMIT_EMAIL_PER_HOUR ?? DEFAULT_PURCHASE_LIMITS.email.points, windowSeconds: 3600 },
  },
});
