import assert from 'node:assert/strict';
import * as O from 'fp-ts/lib/Option.js';
import type { Locale } from '../devices/locale.js';
import type { Email } from '../identity/email.js';
import type { OrganizationId } from '../organization/organization.js';
import type { AmountMinor, PaymentId } from '../payments/payment.js';
import type { PlanId } from '../commerce/plan.js';
import type { Purchases } from '../commerce/ports/purchases.js';
import type { BuyerName, Purchase, PurchaseGrant, PurchaseId } from '../commerce/purchase.js';
import type { InvitationId } from '../invitation/invitation.js';
import type { MembershipId } from '../membership/membership.js';
import { fixtureUuid } from './fixture-ids.js';
import type { ContractCase } from './users.contract.js';

/** What the Purchases contract runs against: the port, and a way to make a purchase's organization, plan and payment exist. */
export interface PurchasesSubject {
  readonly purchases: Purchases;
  /** Makes the rows a purchase names exist (idempotent). */
  prepare(purchase: Purchase): Promise<void>;
}

const T = (minutes: number): Date => new Date(Date.UTC(2026, 2, 1, 12, minutes));

/** A purchase `n` of plan `p` (organization and payment derived from them), awaiting payment unless stated. */
export const aPurchase = (n: number, p: number, overrides: Partial<Purchase> = {}): Purchase => ({
  id: fixtureUuid(0xd7, n) as PurchaseId,
  organizationId: fixtureUuid(0xd5, 1) as OrganizationId,
  planId: fixtureUuid(0xd6, p) as PlanId,
  paymentId: fixtureUuid(0xd8, n) as PaymentId,
  email: `buyer${n}@example.com` as Email,
  buyerName: 'Ayşe Yılmaz' as BuyerName,
  locale: 'tr-TR' as Locale,
  status: 'awaiting_payment',
  priceMinor: 150_000 as AmountMinor,
  currency: 'TRY',
  period: 'month',
  grantsRole: 'member',
  createdAt: T(0),
  updatedAt: T(0),
  paymentDueAt: T(30),
  flags: [],
  membershipId: null,
  invitationId: null,
  paidAt: null,
  validUntil: null,
  linksAnsweredAt: null,
  ...overrides,
});

/** The Purchases port's contract: every adapter (in memory, PGlite, PostgreSQL) must pass each case. */
export const purchasesContract: readonly ContractCase<PurchasesSubject>[] = [
  {
    name: 'a created purchase reads back as created; an unknown id finds nothing; a duplicate is rejected',
    async run({ purchases, prepare }) {
      const purchase = aPurchase(1, 1);
      await prepare(purchase);
      await purchases.create(purchase);
      assert.deepEqual(O.toNullable(await purchases.findById(purchase.id)), purchase);
      assert.ok(O.isNone(await purchases.findById(fixtureUuid(0xd7, 999) as PurchaseId)));
      await assert.rejects(purchases.create(purchase));
    },
  },
  {
    name: 'a guarded move applies only from the listed statuses, once',
    async run({ purchases, prepare }) {
      const purchase = aPurchase(2, 2);
      await prepare(purchase);
      await purchases.create(purchase);
      assert.ok(O.isNone(await purchases.moveStatus(purchase.id, ['paid'], 'completed', T(5))));
      assert.deepEqual(
        await purchases.moveStatus(purchase.id, ['awaiting_payment'], 'paid', T(5)),
        O.some({ ...purchase, status: 'paid', updatedAt: T(5) }),
      );
      assert.ok(O.isNone(await purchases.moveStatus(purchase.id, ['awaiting_payment'], 'failed', T(6))), 'moved once');
      const racing = aPurchase(3, 2);
      await prepare(racing);
      await purchases.create(racing);
      const moves = await Promise.all([
        purchases.moveStatus(racing.id, ['awaiting_payment'], 'paid', T(7)),
        purchases.moveStatus(racing.id, ['awaiting_payment'], 'expired', T(7)),
      ]);
      assert.equal(moves.filter(O.isSome).length, 1, 'two concurrent moves: one wins');
    },
  },
  {
    name: 'seats taken are the paid and completed purchases of that plan that were granted a membership',
    async run({ purchases, prepare }) {
      const granted = (status: 'paid' | 'completed', n: number) => ({
        status,
        flags: [],
        membershipId: fixtureUuid(0xd9, n) as MembershipId,
        invitationId: fixtureUuid(0xda, n) as InvitationId,
        paidAt: T(3),
        validUntil: null,
      });
      const rows: [Purchase, PurchaseGrant | null][] = [
        [aPurchase(10, 10), granted('paid', 10)],
        [aPurchase(11, 10), granted('completed', 11)],
        [aPurchase(12, 10), null],
        [aPurchase(13, 10, { status: 'failed' }), null],
        [aPurchase(14, 10, { status: 'expired' }), null],
        [aPurchase(15, 11), granted('paid', 15)],
        // Paid when the plan was sold out: flagged, no membership, no seat.
        [aPurchase(16, 10), { ...granted('paid', 16), membershipId: null, invitationId: null, flags: ['sold_out'] }],
      ];
      for (const [row, grant] of rows) {
        await prepare(row);
        await purchases.create(row);
        if (grant !== null) await purchases.recordGrant(row.id, grant, T(3));
      }
      assert.equal(await purchases.countSeatsTaken(fixtureUuid(0xd6, 10) as PlanId), 2);
      assert.equal(await purchases.countSeatsTaken(fixtureUuid(0xd6, 12) as PlanId), 0);
    },
  },
  {
    name: 'a grant reads back by the payment it was paid with; the links are answered once; flagged purchases list newest first',
    async run({ purchases, prepare }) {
      const purchase = aPurchase(20, 20);
      await prepare(purchase);
      await purchases.create(purchase);
      assert.deepEqual(O.toNullable(await purchases.lockByPayment(purchase.paymentId)), purchase);
      assert.ok(O.isNone(await purchases.lockByPayment(fixtureUuid(0xd8, 999) as PaymentId)));
      const grant: PurchaseGrant = {
        status: 'paid',
        flags: ['late_payment'],
        membershipId: fixtureUuid(0xd9, 20) as MembershipId,
        invitationId: fixtureUuid(0xda, 20) as InvitationId,
        paidAt: T(4),
        validUntil: T(60),
      };
      const granted = await purchases.recordGrant(purchase.id, grant, T(4));
      assert.deepEqual(granted, { ...purchase, ...grant, updatedAt: T(4) });
      assert.deepEqual(O.toNullable(await purchases.findById(purchase.id)), granted);
      assert.equal(await purchases.completeForMembership(grant.membershipId!, T(5)), true);
      assert.equal(O.toNullable(await purchases.findById(purchase.id))?.status, 'completed');
      assert.equal(await purchases.completeForMembership(grant.membershipId!, T(6)), false, 'completed once');
      assert.equal(await purchases.markLinksAnswered(purchase.id, T(5)), true);
      assert.equal(await purchases.markLinksAnswered(purchase.id, T(6)), false, 'answered once');
      assert.deepEqual(O.toNullable(await purchases.findById(purchase.id))?.linksAnsweredAt, T(5));
      const later = aPurchase(21, 20, { createdAt: T(1), updatedAt: T(1) });
      await prepare(later);
      await purchases.create(later);
      await purchases.recordGrant(later.id, { ...grant, flags: ['sold_out'], membershipId: null, invitationId: null }, T(4));
      const unflagged = aPurchase(22, 20, { createdAt: T(2), updatedAt: T(2) });
      await prepare(unflagged);
      await purchases.create(unflagged);
      const first = await purchases.listFlagged(purchase.organizationId, { limit: 1 });
      assert.deepEqual(
        first.items.map((row) => row.id),
        [later.id],
      );
      assert.notEqual(first.nextCursor, null);
      const all = await purchases.listFlagged(purchase.organizationId, { limit: 10 });
      // Other cases' purchases share the organization: this case's own, in order, and never the unflagged one.
      const ours = [later.id, purchase.id, unflagged.id];
      assert.deepEqual(
        all.items.map((row) => row.id).filter((id) => ours.includes(id)),
        [later.id, purchase.id],
      );
    },
  },
];
