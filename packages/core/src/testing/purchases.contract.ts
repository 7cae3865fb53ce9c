import assert from 'node:assert/strict';
import * as O from 'fp-ts/lib/Option.js';
import type { Locale } from '../devices/locale.js';
import type { Email } from '../identity/email.js';
import type { OrganizationId } from '../organization/organization.js';
import type { AmountMinor, PaymentId } from '../payments/payment.js';
import type { PlanId } from '../commerce/plan.js';
import type { Purchases } from '../commerce/ports/purchases.js';
import type { BuyerName, Purchase, PurchaseId } from '../commerce/purchase.js';
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
    name: 'seats taken are the paid and completed purchases of that plan only',
    async run({ purchases, prepare }) {
      const rows = [
        aPurchase(10, 10, { status: 'paid' }),
        aPurchase(11, 10, { status: 'completed' }),
        aPurchase(12, 10),
        aPurchase(13, 10, { status: 'failed' }),
        aPurchase(14, 10, { status: 'expired' }),
        aPurchase(15, 11, { status: 'paid' }),
      ];
      for (const row of rows) {
        await prepare(row);
        await purchases.create(row);
      }
      assert.equal(await purchases.countSeatsTaken(fixtureUuid(0xd6, 10) as PlanId), 2);
      assert.equal(await purchases.countSeatsTaken(fixtureUuid(0xd6, 12) as PlanId), 0);
    },
  },
];
