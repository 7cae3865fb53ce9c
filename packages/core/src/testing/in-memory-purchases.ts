import * as O from 'fp-ts/lib/Option.js';
import type { PlanId } from '../commerce/plan.js';
import type { Purchases } from '../commerce/ports/purchases.js';
import type { Purchase, PurchaseGrant, PurchaseId, PurchaseStatus } from '../commerce/purchase.js';
import type { MembershipId } from '../membership/membership.js';
import type { OrganizationId } from '../organization/organization.js';
import type { PaymentId } from '../payments/payment.js';
import type { Page, PageRequest } from '../shared/pagination.js';
import { paginate } from './paginate.js';

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

  async lockByPayment(paymentId: PaymentId): Promise<O.Option<Purchase>> {
    return O.fromNullable(this.all().find((row) => row.paymentId === paymentId));
  }

  async recordGrant(id: PurchaseId, grant: PurchaseGrant, at: Date): Promise<Purchase> {
    const row = this.rows.get(id);
    if (row === undefined) throw new Error(`no purchase ${id}`);
    const granted: Purchase = { ...row, ...grant, updatedAt: at };
    this.rows.set(id, granted);
    return granted;
  }

  async completeForMembership(membershipId: MembershipId, at: Date): Promise<boolean> {
    const row = this.all().find((candidate) => candidate.membershipId === membershipId && candidate.status === 'paid');
    if (row === undefined) return false;
    this.rows.set(row.id, { ...row, status: 'completed', updatedAt: at });
    return true;
  }

  async markLinksAnswered(id: PurchaseId, at: Date): Promise<boolean> {
    const row = this.rows.get(id);
    if (row === undefined || row.linksAnsweredAt !== null) return false;
    this.rows.set(id, { ...row, linksAnsweredAt: at, updatedAt: at });
    return true;
  }

  async listFlagged(organizationId: OrganizationId, page: PageRequest): Promise<Page<Purchase>> {
    const rows = this.all().filter((row) => row.organizationId === organizationId && row.flags.length > 0);
    return paginate(rows, page, { at: (row) => row.createdAt, id: (row) => row.id, direction: 'desc' });
  }

  async countSeatsTaken(planId: PlanId): Promise<number> {
    return this.all().filter(
      (row) => row.planId === planId && (row.status === 'paid' || row.status === 'completed') && row.membershipId !== null,
    ).length;
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
