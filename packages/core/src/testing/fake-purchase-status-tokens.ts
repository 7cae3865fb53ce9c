import type { PurchaseStatusTokens, StatusTokenCheck } from '../commerce/ports/purchase-status-tokens.js';
import type { PurchaseId } from '../commerce/purchase.js';

/** Readable status tokens (`status:<purchase id>:<expiry ms>`) for tests; the real ones are HMACs (adapters-crypto). */
export class FakePurchaseStatusTokens implements PurchaseStatusTokens {
  issue(purchaseId: PurchaseId, expiresAt: Date): string {
    return `status:${purchaseId}:${expiresAt.getTime()}`;
  }

  check(purchaseId: PurchaseId, token: string, now: Date): StatusTokenCheck {
    const [kind, id, expires] = token.split(':');
    if (kind !== 'status' || id !== purchaseId || expires === undefined) return 'invalid';
    return Number(expires) <= now.getTime() ? 'expired' : 'valid';
  }
}
