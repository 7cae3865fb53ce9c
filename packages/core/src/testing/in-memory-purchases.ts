import * as O from 'fp-ts/lib/Option.js';
import type { PlanId } from '../commerce/plan.js';
import type { Purchases } from '../commerce/ports/purchases.js';
import type { Purchase, PurchaseId, PurchaseStatus } from '../commerce/purchase.js';

/** The Purchases port in memory (one thing at a time, so a guarded move is atomic). */
export class InMemoryPurchases implements Purchases {
  private readonly rows = new Map<PurchaseId, Purchase>();

  async create(purchase: Purchase): Promise<void> {
    if (this.rows.has(purchase.id) || this.all().some((row) => row.paymentId === purchase.paymentId))
      throw new Error('unique violation: purchases');
    this.rows.set(purchase.id, purchase);
  }

  async findById(id: PurchaseId): Promise<O.Option<Purchase>> {
    return O.fromNullable(this.rows.get(id));
  }

  async countSeatsTaken(planId: PlanId): Promise<number> {
    return this.all().filter((row) => row.planId === planId && (row.status === 'paid' || row.status === 'completed')).length;
  }

  async moveStatus(id: PurchaseId, from: readonly PurchaseStatus[], status: PurchaseStatus, at: Date): Promise<O.Option<Purchase>> {
    const row = this.rows.get(id);
    if (row === undefined || !from.includes(row.status)) return O.none;
    const moved: Purchase = { ...row, status, updatedAt: at };
    this.rows.set(id, moved);
    return O.some(moved);
  }

  /** Every purchase, for assertions. */
  all(): readonly Purchase[] {
    return [...this.rows.values()];
  }
}
