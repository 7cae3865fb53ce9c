import assert from 'node:assert/strict';
import * as O from 'fp-ts/lib/Option.js';
import type { Organization, OrganizationId, OrganizationName } from '../organization/organization.js';
import { PageCursor } from '../shared/pagination.js';
import type { Organizations } from '../organization/ports/organizations.js';
import { fixtureUuid } from './fixture-ids.js';
import type { ContractCase } from './users.contract.js';

const org = (n: number): OrganizationId => fixtureUuid(0xe0, n) as OrganizationId;
const T = new Date('2026-03-01T10:00:00.000Z');
const anOrg = (n: number, name = `Club ${n}`): Organization => ({ id: org(n), name: name as OrganizationName, createdAt: T, updatedAt: T });

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
      await assert.rejects(organizations.create(anOrg(20)));
    },
  },
  {
    name: 'a duplicate id is rejected',
    async run(organizations) {
      await organizations.create(anOrg(30));
      await assert.rejects(organizations.create(anOrg(30)));
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
];
