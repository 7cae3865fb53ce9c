import type { RateLimiter, RateLimitPolicy } from '../../shared/rate-limiter.js';

/** The budgets an invitation draws on. */
export type InvitationBudget = 'organization' | 'inviter' | 'recipient' | 'resend';

/**
 * One rate limiter per invitation budget, keyed by what the use cases pass: the organization id,
 * the inviter's user id, the recipient's normalised email (across organizations), and the
 * invitation id for the resend cooldown.
 */
export type InvitationThrottle = { readonly [Budget in InvitationBudget]: RateLimiter };

/**
 * The default invitation budgets: 100 invitations an hour per organization, 30 an hour per
 * inviter, 3 a day per recipient across organizations, one resend a minute per invitation.
 */
export const DEFAULT_INVITATION_LIMITS: { readonly [Budget in InvitationBudget]: RateLimitPolicy } = {
  organization: { points: 100, windowSeconds: 3600 },
  inviter: { points: 30, windowSeconds: 3600 },
  recipient: { points: 3, windowSeconds: 86_400 },
  resend: { points: 1, windowSeconds: 60 },
};
