import type { Option } from 'fp-ts/lib/Option.js';
import type { PlanId } from '../plan.js';
import type { Page, PageRequest } from '../../shared/pagination.js';
import type { OrganizationId } from '../../organization/organization.js';
import type { MembershipId } from '../../membership/membership.js';
import type { PaymentId } from '../../payments/payment.js';
import type { Purchase, PurchaseGrant, PurchaseId, PurchaseStatus } from '../purchase.js';

/** Purchase rows (`purchases`). */
export interface Purchases {
  /** Inserts a new purchase (its id and payment are fresh; a duplicate is a defect). */
  create(purchase: Purchase): Promise<void>;
  /** The purchase with this id, if any. */
  findById(id: PurchaseId): Promise<Option<Purchase>>;
  /** The purchase a payment pays for, locked until the surrounding unit of work ends (`FOR UPDATE`). */
  lockByPayment(paymentId: PaymentId): Promise<Option<Purchase>>;
  /** Records what a verified payment granted (inside the payment's unit of work, on the locked row). */
  recordGrant(id: PurchaseId, grant: PurchaseGrant, at: Date): Promise<Purchase>;
  /** Moves the `paid` purchase that granted this membership to `completed` (its invitation was accepted); false when none was. */
  completeForMembership(membershipId: MembershipId, at: Date): Promise<boolean>;
  /** Marks the signing links answered, in one guarded statement: false when they already were. */
  markLinksAnswered(id: PurchaseId, at: Date): Promise<boolean>;
  /** An organization's flagged purchases, newest first. */
  listFlagged(organizationId: OrganizationId, page: PageRequest): Promise<Page<Purchase>>;
  /** How many purchases of the plan hold a seat (`paid` or `completed` with a membership granted). */
  countSeatsTaken(planId: PlanId): Promise<number>;
  /** One guarded move: to `status` only while the purchase is in one of `from`; None when it was not. */
  moveStatus(id: PurchaseId, from: readonly PurchaseStatus[], status: PurchaseStatus, at: Date): Promise<Option<Purchase>>;
}
