import assert from 'node:assert/strict';
import * as O from 'fp-ts/lib/Option.js';
import type { AgreementTemplateRef, Plan, PlanId, PlanName, PlanText, SeatLimit } from '../commerce/plan.js';
import type { Plans } from '../commerce/ports/plans.js';
import type { OrganizationId } from '../organization/organization.js';
import type { AmountMinor } from '../payments/payment.js';
import { PageCursor } from '../shared/pagination.js';
import { fixtureUuid } from './fixture-ids.js';
import type { ContractCase } from './users.contract.js';

/** What the Plans contract runs against: the port, and a way to make an organization exist (plans name one). */
export interface PlansSubject {
  readonly plans: Plans;
  /** Makes the organization exist (idempotent). */
  prepare(organizationId: OrganizationId): Promise<void>;
}

const org = (n: number): OrganizationId => fixtureUuid(0xc0, n) as OrganizationId;
const plan = (n: number): PlanId => fixtureUuid(0xc1, n) as PlanId;
const T = (minutes: number): Date => new Date(Date.UTC(2026, 2, 1, 10, minutes));

/** A plan of organization `o`, created `n` minutes past the hour, with every optional field set. */
const aPlan = (n: number, o: number, overrides: Partial<Plan> = {}): Plan => ({
  id: plan(n),
  organizationId: org(o),
  name: `Monthly ${n}` as PlanName,
  description: { en: 'Unlimited classes.\nTowels included.' as PlanText, tr: 'Sınırsız ders. Havlu dâhil.' as PlanText },
  priceMinor: 150_000 as AmountMinor,
  currency: 'TRY',
  period: 'month',
  grantsRole: 'member',
  agreementTemplateIds: [fixtureUuid(0xc2, 1) as AgreementTemplateRef, fixtureUuid(0xc2, 2) as AgreementTemplateRef],
  onSale: true,
  seatLimit: 30 as SeatLimit,
  archivedAt: null,
  createdAt: T(n % 60),
  updatedAt: T(n % 60),
  ...overrides,
});

/** The Plans port's contract: every adapter (in memory, PGlite, PostgreSQL) must pass each case. */
export const plansContract: readonly ContractCase<PlansSubject>[] = [
  {
    name: 'a created plan reads back as created, with its description, templates and seat limit; another organization does not find it',
    async run({ plans, prepare }) {
      await prepare(org(1));
      await prepare(org(2));
      const created = aPlan(1, 1);
      await plans.create(created);
      assert.deepEqual(O.toNullable(await plans.lock(org(1), plan(1))), created);
      assert.ok(O.isNone(await plans.lock(org(2), plan(1))), "another organization's plan is not found");
      assert.ok(O.isNone(await plans.lock(org(1), plan(99))));
      const bare = aPlan(2, 1, {
        description: {},
        agreementTemplateIds: [],
        seatLimit: null,
        onSale: false,
        period: 'once',
        currency: 'EUR',
      });
      await plans.create(bare);
      assert.deepEqual(O.toNullable(await plans.lock(org(1), plan(2))), bare);
    },
  },
  {
    name: 'a duplicate id is rejected',
    async run({ plans, prepare }) {
      await prepare(org(3));
      await plans.create(aPlan(10, 3));
      await assert.rejects(plans.create(aPlan(10, 3)));
    },
  },
  {
    name: 'an update writes every field; an unknown plan or another organization updates nothing',
    async run({ plans, prepare }) {
      await prepare(org(4));
      await plans.create(aPlan(20, 4));
      const changed = aPlan(20, 4, {
        name: 'Yearly' as PlanName,
        priceMinor: 1_500_000 as AmountMinor,
        currency: 'USD',
        period: 'year',
        grantsRole: 'coach',
        agreementTemplateIds: [],
        onSale: false,
        seatLimit: null,
        archivedAt: T(30),
        updatedAt: T(30),
      });
      assert.equal(await plans.update(changed), true);
      assert.deepEqual(O.toNullable(await plans.lock(org(4), plan(20))), changed);
      assert.equal(await plans.update(aPlan(21, 4)), false);
      assert.equal(await plans.update({ ...changed, organizationId: org(5) }), false);
    },
  },
  {
    name: 'the list pages oldest first and leaves archived plans out unless asked',
    async run({ plans, prepare }) {
      await prepare(org(6));
      for (const n of [33, 31, 32]) await plans.create(aPlan(n, 6));
      await plans.create(aPlan(34, 6, { archivedAt: T(40) }));
      const all = async (includeArchived: boolean) => {
        const ids: string[] = [];
        let page = await plans.list(org(6), { includeArchived }, { limit: 2 });
        ids.push(...page.items.map((p) => p.id));
        for (let guard = 0; page.nextCursor !== null && guard < 10; guard += 1) {
          const cursor = PageCursor.decode(page.nextCursor);
          assert.ok(cursor._tag === 'Right');
          page = await plans.list(org(6), { includeArchived }, { limit: 2, cursor: cursor.right });
          ids.push(...page.items.map((p) => p.id));
        }
        return ids;
      };
      assert.deepEqual(await all(false), [plan(31), plan(32), plan(33)]);
      assert.deepEqual(await all(true), [plan(31), plan(32), plan(33), plan(34)]);
    },
  },
  {
    name: 'the offered plans are those on sale and not archived, oldest first, at most the limit',
    async run({ plans, prepare }) {
      await prepare(org(7));
      await prepare(org(8));
      await plans.create(aPlan(43, 7));
      await plans.create(aPlan(41, 7));
      await plans.create(aPlan(42, 7, { onSale: false }));
      await plans.create(aPlan(44, 7, { archivedAt: T(50) }));
      await plans.create(aPlan(45, 8));
      assert.deepEqual(
        (await plans.listOffered(org(7), 10)).map((p) => p.id),
        [plan(41), plan(43)],
      );
      assert.deepEqual(
        (await plans.listOffered(org(7), 1)).map((p) => p.id),
        [plan(41)],
      );
    },
  },
];
