import { hkdfSync } from 'node:crypto';
import { ContainerModule } from 'inversify';
import { createBodyFingerprints, createPurchaseStatusTokens } from '@idv/adapters-crypto';
import { commerceArea, purchaseFulfilment, type CommerceArea } from '@idv/core';
import type { Area } from './area.js';
import { portsOf } from './port-tokens.js';
import { TOKENS } from './tokens.js';

/**
 * A 32-byte key for one purpose, derived from `INVITE_SECRET` (HKDF-SHA256, the purpose as `info`):
 * production already requires that secret, and each purpose gets a key of its own.
 */
export const derivedKey = (secret: string, purpose: string): Uint8Array =>
  new Uint8Array(hkdfSync('sha256', secret, 'idv-membership', purpose, 32));

/**
 * The commerce area (ARCHITECTURE §10): an organization's plans, its public profile by slug, and a
 * visitor's purchase with its idempotency store and status tokens, and the grant of a paid purchase
 * (the payments' fulfilment).
 */
export const commerce: Area<CommerceArea> = {
  services: TOKENS.CommerceArea,
  module: (config) =>
    new ContainerModule(({ bind }) => {
      bind(TOKENS.PurchaseStatusTokens).toConstantValue(
        createPurchaseStatusTokens(derivedKey(config.inviteSecret, 'purchase-status-token')),
      );
      bind(TOKENS.BodyFingerprints).toConstantValue(createBodyFingerprints(derivedKey(config.inviteSecret, 'idempotency-fingerprint')));
      bind(TOKENS.CommerceArea).toDynamicValue((context) => commerceArea(portsOf(context)));
      // A verified payment grants its purchase in the payment's own unit of work (every settling path asks it).
      bind(TOKENS.PaymentFulfilment).toDynamicValue((context) => purchaseFulfilment(portsOf(context)));
    }),
};
