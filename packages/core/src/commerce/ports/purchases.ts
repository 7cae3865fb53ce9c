import type { Option } from 'fp-ts/lib/Option.js';
import type { PlanId } from '../plan.js';
import type { Purchase, PurchaseId, PurchaseStatus } from '../purchase.js';

/** Purchase rows (`purchases`). */
export interface Purchases {
  /** Inserts a new purchase (its id and payment are fresh; a duplicate is a defect). */
  create(purchase: Purchase): Promise<void>;
  /** The purchase with this id, if any. */
  findById(id: PurchaseId): Promise<Option<Purchase>>;
  /** How many purchases of the plan hold a seat (`paid` or `completed`). */
  countSeatsTaken(planId: PlanId): Promise<number>;
  /** One guarded move: to `status` only while the purchase is in one of `from`; None when it was not. */
  moveStatus(id: PurchaseId, from: readonly PurchaseStatus[], status: PurchaseStatus, at: Date): Promise<Option<Purchase>>;
}
