import type { InvitationBudget, InvitationThrottle, Logger, RateLimitPolicy } from '@idv/core';
import { flexibleRateLimiter } from './flexible-rate-limiter.js';
import type { RateLimitStore } from './rate-limit-store.js';

/**
 * The core `InvitationThrottle` on rate-limiter-flexible: one limiter per budget in `store`
 * (memory, or the Redis the instances share), each with its own policy.
 *
 * @example
 * const invitationThrottle = flexibleInvitationThrottle(MEMORY_STORE, DEFAULT_INVITATION_LIMITS, logger);
 */
export const flexibleInvitationThrottle = (
  store: RateLimitStore,
  limits: { readonly [Budget in InvitationBudget]: RateLimitPolicy },
  logger: Logger,
): InvitationThrottle => ({
  organization: flexibleRateLimiter(store, limits.organization, { name: 'invite-organization', logger }),
  inviter: flexibleRateLimiter(store, limits.inviter, { name: 'invite-inviter', logger }),
  recipient: flexibleRateLimiter(store, limits.recipient, { name: 'invite-recipient', logger }),
  resend: flexibleRateLimiter(store, limits.resend, { name: 'invite-resend', logger }),
});
