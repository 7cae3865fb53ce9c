import type { PurchaseId } from '../purchase.js';

/** What checking a status token finds. */
export type StatusTokenCheck = 'valid' | 'expired' | 'invalid';

/**
 * Purchase status tokens: an HMAC of the purchase id and the token's expiry under a server secret,
 * so nothing is stored and a replayed purchase request can answer the same token again.
 */
export interface PurchaseStatusTokens {
  /** The token of this purchase, good until `expiresAt` (the same inputs give the same token). */
  issue(purchaseId: PurchaseId, expiresAt: Date): string;
  /** Whether `token` was issued for this purchase, and whether it is still good at `now`. */
  check(purchaseId: PurchaseId, token: string, now: Date): StatusTokenCheck;
}
