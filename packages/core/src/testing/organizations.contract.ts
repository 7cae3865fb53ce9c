import assert from 'node:assert/strict';
import * as O from 'fp-ts/lib/Option.js';
import type { OrganizationSlug } from '../organization/organization-slug.js';
import type { Organization, OrganizationId, OrganizationName } from '../organization/organization.js';
import { PageCursor } from '../shared/pagination.js';
import type { Organizations } from '../organization/ports/organizations.js';
import { fixtureSlug, fixtureUuid } from './fixture-ids.js';
import type { ContractCase } from './users.contract.js';

const org = (n: number): OrganizationId => fixtureUuid(0xe0, n) as OrganizationId;
const T = new Date('2026-03-01T10:00:00.000Z');
const anOrg = (n: number, name = `Club ${n}`): Organization => ({
  id: org(n),
  name: name as OrganizationName,
  slug: fixtureSlug(org(n)),
  createdAt: T,
  updatedAt: T,
});

/** The Organizations port's contract: every adapter (in memory, PGlite, PostgreSQL) must pass each case. */
export const organizationsContract: readonly ContractCase<Organizations>[] = [
  {
    name: 'a created organization is found as created; an unknown id finds nothing',
    async run(organizations) {
      await organizations.create(anOrg(1, 'Rowing Club'));
      assert.deepEqual(O.toNullable(await organizations.findById(org(1))), anOrg(1, 'Rowing Club'));
      assert.equal(await organizations.lockLive(org(1)), true);
      assert.ok(O.isNone(await organizations.findById(org(2))));
    },
  },
  {
    name: 'renaming changes the name and updatedAt; renaming an unknown organization finds nothing',
    async run(organizations) {
      await organizations.create(anOrg(10));
      const at = new Date('2026-03-02T00:00:00.000Z');
      const renamed = O.toNullable(await organizations.rename(org(10), 'Chess Club' as OrganizationName, at));
      assert.deepEqual(renamed, { ...anOrg(10), name: 'Chess Club', updatedAt: at });
      assert.deepEqual(O.toNullable(await organizations.findById(org(10))), renamed);
      assert.ok(O.isNone(await organizations.rename(org(11), 'Nobody' as OrganizationName, at)));
    },
  },
  {
    name: 'a soft-deleted organization is read as absent: marked once, then not found and not renamed',
    async run(organizations) {
      await organizations.create(anOrg(20));
      const at = new Date('2026-03-03T00:00:00.000Z');
      assert.equal(await organizations.markDeleted(org(20), at), true);
      assert.equal(await organizations.markDeleted(org(20), at), false);
      assert.equal(await organizations.markDeleted(org(21), at), false);
      assert.ok(O.isNone(await organizations.findById(org(20))));
      assert.ok(O.isNone(await organizations.rename(org(20), 'Ghost Club' as OrganizationName, at)));
      assert.equal(await organizations.lockLive(org(20)), false, 'a deleted organization is not live');
      assert.equal(await organizations.lockLive(org(21)), false, 'an unknown one neither');
      // The id stays taken: the row is kept.
      await assert.rejects(organizations.create({ ...anOrg(20), slug: 'contract-other-20' as OrganizationSlug }));
    },
  },
  {
    name: 'a duplicate id is rejected',
    async run(organizations) {
      await organizations.create(anOrg(30));
      await assert.rejects(organizations.create({ ...anOrg(30), slug: 'contract-other-30' as OrganizationSlug }));
    },
  },
  {
    name: 'an organization marked ownerless is listed, longest ownerless first, until the mark is cleared; a second mark keeps the first time',
    async run(organizations) {
      // Page by page, one at a time, keeping this case's organizations.
      const listed = async () => {
        const items = [];
        let page = await organizations.listOwnerless({ limit: 1 });
        items.push(...page.items);
        for (let guard = 0; page.nextCursor !== null && guard < 20; guard += 1) {
          const cursor = PageCursor.decode(page.nextCursor);
          assert.ok(cursor._tag === 'Right', 'nextCursor decodes with PageCursor');
          page = await organizations.listOwnerless({ limit: 1, cursor: cursor.right });
          items.push(...page.items);
        }
        return items.filter((item) => [org(240), org(241), org(242)].includes(item.id));
      };
      for (const n of [240, 241, 242]) await organizations.create(anOrg(n));
      const early = new Date('2026-03-05T08:00:00.000Z');
      const late = new Date('2026-03-06T08:00:00.000Z');
      assert.equal(await organizations.markOwnerless(org(241), early), true);
      assert.equal(await organizations.markOwnerless(org(240), late), true);
      assert.equal(await organizations.markOwnerless(org(241), late), true);
      assert.equal(await organizations.markOwnerless(org(243), late), false, 'an unknown organization');
      assert.deepEqual(await listed(), [
        { ...anOrg(241), ownerlessSince: early },
        { ...anOrg(240), ownerlessSince: late },
      ]);
      assert.deepEqual(O.toNullable(await organizations.findById(org(241))), anOrg(241), 'the organization itself reads as before');
      assert.equal(await organizations.clearOwnerless(org(241)), true);
      assert.equal(await organizations.clearOwnerless(org(241)), false);
      assert.equal(await organizations.clearOwnerless(org(242)), false, 'never marked');
      assert.deepEqual(await listed(), [{ ...anOrg(240), ownerlessSince: late }]);
    },
  },
  {
    name: 'a slug held by any row, a deleted one included, refuses a create (false, nothing written)',
    async run(organizations) {
      const slug = 'contract-slug-300' as OrganizationSlug;
      assert.equal(await organizations.create({ ...anOrg(300), slug }), true);
      assert.equal(await organizations.create({ ...anOrg(301), slug }), false);
      assert.ok(O.isNone(await organizations.findById(org(301))), 'nothing was written');
      assert.equal(await organizations.markDeleted(org(300), T), true);
      assert.equal(await organizations.create({ ...anOrg(302), slug }), false, "a deleted organization's slug is never reused");
    },
  },
  {
    name: 'a live organization is found by its slug; a deleted one and an unknown slug find nothing',
    async run(organizations) {
      await organizations.create(anOrg(310));
      await organizations.create(anOrg(311));
      assert.deepEqual(O.toNullable(await organizations.findBySlug(fixtureSlug(org(310)))), anOrg(310));
      await organizations.markDeleted(org(311), T);
      assert.ok(O.isNone(await organizations.findBySlug(fixtureSlug(org(311)))));
      assert.ok(O.isNone(await organizations.findBySlug('contract-nobody' as OrganizationSlug)));
    },
  },
  {
    name: "changing a slug: the new one finds it and the old one not; another row's slug, even a deleted row's, is 'taken'",
    async run(organizations) {
      for (const n of [320, 321, 322]) await organizations.create(anOrg(n));
      await organizations.markDeleted(org(322), T);
      const at = new Date('2026-03-04T00:00:00.000Z');
      const fresh = 'contract-fresh-320' as OrganizationSlug;
      const changed = await organizations.changeSlug(org(320), fresh, at);
      assert.deepEqual(changed, O.some({ ...anOrg(320), slug: fresh, updatedAt: at }));
      assert.ok(O.isNone(await organizations.findBySlug(fixtureSlug(org(320)))));
      assert.equal(await organizations.changeSlug(org(320), fixtureSlug(org(321)), at), 'taken');
      assert.equal(await organizations.changeSlug(org(320), fixtureSlug(org(322)), at), 'taken');
      assert.deepEqual(O.toNullable(await organizations.findById(org(320))), { ...anOrg(320), slug: fresh, updatedAt: at });
      assert.deepEqual(await organizations.changeSlug(org(323), 'contract-ghost' as OrganizationSlug, at), O.none, 'unknown');
      assert.deepEqual(await organizations.changeSlug(org(322), 'contract-ghost' as OrganizationSlug, at), O.none, 'deleted');
    },
  },
  {
    name: 'two creates racing for one slug: exactly one wins',
    async run(organizations) {
      const slug = 'contract-race-330' as OrganizationSlug;
      const results = await Promise.all([organizations.create({ ...anOrg(330), slug }), organizations.create({ ...anOrg(331), slug })]);
      assert.deepEqual([...results].sort(), [false, true]);
    },
  },
];
