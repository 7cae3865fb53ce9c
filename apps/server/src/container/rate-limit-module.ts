import { ContainerModule } from 'inversify';
import { flexibleInvitationThrottle, flexibleRateLimiter, type RateLimitStore } from '@idv/adapters-rate-limit';
import type { AppConfig } from '../config/app-config.js';
import { TOKENS } from './tokens.js';

/**
 * The rate limiters (issue #9), all in one store (memory, or the Redis the instances share): the
 * outer limiter of the public routes, one instance that every public router mounts (webhooks,
 * payment callbacks unless they have their own), the payment callbacks' rate and failure budgets
 * (issue #10), and the invitation throttles.
 */
export const rateLimitModule = (config: AppConfig, store: RateLimitStore): ContainerModule =>
  new ContainerModule(({ bind }) => {
    bind(TOKENS.PublicRateLimiter).toResolvedValue((logger) => flexibleRateLimiter(store, config.rateLimits.public, { name: 'public', logger }), [TOKENS.Logger]);
    const { rate, failures } = config.payments.callbackLimits;
    bind(TOKENS.PaymentCallbackRateLimiter).toResolvedValue((logger) => flexibleRateLimiter(store, rate, { name: 'paycb', logger }), [TOKENS.Logger]);
    bind(TOKENS.PaymentCallbackFailureBudget).toResolvedValue((logger) => flexibleRateLimiter(store, failures, { name: 'paycb-fail', logger }), [TOKENS.Logger]);
    bind(TOKENS.InvitationThrottle).toResolvedValue((logger) => flexibleInvitationThrottle(store, config.rateLimits.invitations, logger), [TOKENS.Logger]);
  });
