import { hkdfSync } from 'node:crypto';
import { ContainerModule } from 'inversify';
import { localBotCheck, turnstileBotCheck } from '@idv/adapters-bot-check';
import { createBodyFingerprints, createPurchaseStatusTokens } from '@idv/adapters-crypto';
import { flexiblePurchaseThrottle } from '@idv/adapters-rate-limit';
import {
  commerceArea,
  commercePeriodicHandlers,
  NO_BOT_CHECK,
  purchaseFulfilment,
  type BotCheck,
  type Clock,
  type CommerceArea,
  type Logger,
} from '@idv/core';
import type { BotCheckConfig } from '../config/bot-check-config.js';
import type { Area } from './area.js';
import { portsOf } from './port-tokens.js';
import { TOKENS } from './tokens.js';

/**
 * A 32-byte key for one purpose, derived from `INVITE_SECRET` (HKDF-SHA256, the purpose as `info`):
 * production already requires that secret, and each purpose gets a key of its own.
 */
export const derivedKey = (secret: string, purpose: string): Uint8Array =>
  new Uint8Array(hkdfSync('sha256', secret, 'idv-membership', purpose, 32));

/** The bot check the configuration names: none, the local stand-in (development and tests), or Turnstile. */
const botCheckOf = (config: BotCheckConfig, clock: Clock, logger: Logger): BotCheck => {
  if (config.kind === 'local') return localBotCheck(clock);
  if (config.kind === 'turnstile')
    return turnstileBotCheck({
      secretKey: config.secretKey,
      hostnames: config.hostnames,
      action: config.action,
      logger,
      ...(config.siteverifyUrl === undefined ? {} : { siteverifyUrl: config.siteverifyUrl }),
    });
  return NO_BOT_CHECK;
};

/**
 * The commerce area (ARCHITECTURE §10): an organization's plans, its public profile by slug, and a
 * visitor's purchase with its guards (bot check, purchase budgets), its idempotency store (pruned by
 * a periodic job) and status tokens, and the grant of a paid purchase (the payments' fulfilment).
 */
export const commerce: Area<CommerceArea> = {
  services: TOKENS.CommerceArea,
  module: (config) =>
    new ContainerModule(({ bind }) => {
      bind(TOKENS.PurchaseStatusTokens).toConstantValue(
        createPurchaseStatusTokens(derivedKey(config.inviteSecret, 'purchase-status-token')),
      );
      bind(TOKENS.BodyFingerprints).toConstantValue(createBodyFingerprints(derivedKey(config.inviteSecret, 'idempotency-fingerprint')));
      bind(TOKENS.BotCheck).toDynamicValue((context) => botCheckOf(config.botCheck, context.get(TOKENS.Clock), context.get(TOKENS.Logger)));
      bind(TOKENS.PurchaseThrottle).toDynamicValue((context) =>
        flexiblePurchaseThrottle(context.get(TOKENS.RateLimitStore), config.rateLimits.purchases, context.get(TOKENS.Logger)),
      );
      bind(TOKENS.CommerceArea).toDynamicValue((context) => commerceArea(portsOf(context)));
      // A verified payment grants its purchase in the payment's own unit of work (every settling path asks it).
      bind(TOKENS.PaymentFulfilment).toDynamicValue((context) => purchaseFulfilment(portsOf(context)));
      bind(TOKENS.CommercePeriodicJobs).toDynamicValue((context) => commercePeriodicHandlers(portsOf(context)));
    }),
};
