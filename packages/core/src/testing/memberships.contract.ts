import assert from 'node:assert/strict';
import * as O from 'fp-ts/lib/Option.js';
import type { Email } from '../identity/email.js';
import type { UserId } from '../identity/identifiers.js';
import type { Membership, MembershipId, MembershipStatus, Role } from '../membership/membership.js';
import type { Memberships } from '../membership/ports/memberships.js';
import type { OrganizationId } from '../organization/organization.js';
import { PageCursor, type PageRequest } from '../shared/pagination.js';
import { fixtureUuid as uuid } from './fixture-ids.js';
import { InMemoryMemberships } from './in-memory-memberships.js';
import type { ContractCase } from './users.contract.js';

/** A membership to put behind a subject, with its organization and (unless invited) its user. */
export interface MembershipSeed {
  readonly id: string;
  readonly organizationId: string;
  readonly organizationName: string;
  readonly userId: string | null;
  readonly role: Role;
  readonly status: MembershipStatus;
  /** The stored invitee address (null when absent). */
  readonly email?: string | null;
}

/**
 * A Memberships implementation plus a way to put rows behind it: `seed` creates the organization
 * (with its name) and the user (when not null) if missing, then inserts the row.
 */
export interface MembershipsSubject {
  readonly memberships: Memberships;
  /** Makes the membership (and its organization and user) exist in the subject's store. */
  seed(membership: MembershipSeed): Promise<void>;
}

/** The in-memory fake as a contract subject (one shared instance: the cases use distinct ids). */
export const inMemoryMembershipsSubject = (): MembershipsSubject => {
  const memberships = new InMemoryMemberships();
  return {
    memberships,
    seed: async ({ organizationName, ...seed }) => {
      const at = new Date();
      memberships.seed(
        {
          ...seed,
          id: seed.id as MembershipId,
          organizationId: seed.organizationId as OrganizationId,
          userId: seed.userId as UserId | null,
          email: (seed.email ?? null) as Email | null,
          createdAt: at,
          updatedAt: at,
        },
        organizationName,
      );
    },
  };
};

const CONTRACT = 0xc0;
const user = (n: number): UserId => uuid(CONTRACT, n) as UserId;
const org = (n: number): string => uuid(CONTRACT + 1, n);
const membership = (n: number): string => uuid(CONTRACT + 2, n);

const T = new Date('2026-03-01T10:00:00.000Z');

const row = (
  n: number,
  organization: number,
  userId: UserId | null,
  role: Role,
  status: MembershipStatus,
  email: string | null = null,
): Membership => ({
  id: membership(n) as MembershipId,
  organizationId: org(organization) as OrganizationId,
  userId,
  role,
  status,
  email: email as Email | null,
  createdAt: T,
  updatedAt: T,
});

const allPages = async (
  memberships: Memberships,
  organizationId: OrganizationId,
  includeCancelled: boolean,
  limit: number,
): Promise<string[]> => {
  const ids: string[] = [];
  let page: PageRequest = { limit };
  for (let guard = 0; guard < 20; guard += 1) {
    const result = await memberships.listForOrganization(organizationId, { includeCancelled }, page);
    assert.ok(result.items.length <= limit);
    ids.push(...result.items.map((item) => item.id));
    if (result.nextCursor === null) return ids;
    const cursor = PageCursor.decode(result.nextCursor);
    assert.ok(cursor._tag === 'Right', 'nextCursor decodes with PageCursor');
    page = { limit, cursor: cursor.right };
  }
  throw new Error('pagination did not end');
};

/** The Memberships port's contract: every adapter (in memory, PGlite, PostgreSQL) must pass each case. */
export const membershipsContract: readonly ContractCase<MembershipsSubject>[] = [
  {
    name: 'a user without memberships lists none',
    async run({ memberships }) {
      assert.deepEqual(await memberships.listForUser(user(1)), []);
    },
  },
  {
    name: "listing a user's memberships gives each one with its organization's name, and only theirs",
    async run({ memberships, seed }) {
      await seed({
        id: membership(10),
        organizationId: org(10),
        organizationName: 'Rowing Club',
        userId: user(10),
        role: 'owner',
        status: 'active',
      });
      await seed({
        id: membership(11),
        organizationId: org(11),
        organizationName: 'Chess Club',
        userId: user(10),
        role: 'coach',
        status: 'suspended',
      });
      await seed({
        id: membership(12),
        organizationId: org(10),
        organizationName: 'Rowing Club',
        userId: user(11),
        role: 'member',
        status: 'active',
      });
      const listed = [...(await memberships.listForUser(user(10)))].sort((a, b) => a.id.localeCompare(b.id));
      assert.deepEqual(listed, [
        { id: membership(10), organizationId: org(10), organizationName: 'Rowing Club', role: 'owner', status: 'active' },
        { id: membership(11), organizationId: org(11), organizationName: 'Chess Club', role: 'coach', status: 'suspended' },
      ]);
    },
  },
  {
    name: "cancelling all of a user's memberships changes only the ones not cancelled yet, and only theirs",
    async run({ memberships, seed }) {
      await seed({ id: membership(20), organizationId: org(20), organizationName: 'A', userId: user(20), role: 'admin', status: 'active' });
      await seed({
        id: membership(21),
        organizationId: org(21),
        organizationName: 'B',
        userId: user(20),
        role: 'member',
        status: 'cancelled',
      });
      await seed({
        id: membership(22),
        organizationId: org(22),
        organizationName: 'C',
        userId: user(20),
        role: 'member',
        status: 'pending_invitation',
      });
      await seed({
        id: membership(23),
        organizationId: org(20),
        organizationName: 'A',
        userId: user(21),
        role: 'member',
        status: 'active',
      });
      assert.equal(await memberships.cancelAllForUser(user(20)), 2);
      assert.equal(await memberships.cancelAllForUser(user(20)), 0);
      const statuses = (await memberships.listForUser(user(20))).map((m) => m.status);
      assert.deepEqual(statuses, ['cancelled', 'cancelled', 'cancelled']);
      assert.deepEqual(
        (await memberships.listForUser(user(21))).map((m) => m.status),
        ['active'],
      );
    },
  },
  {
    name: 'findById gives the row with its fields; an unknown id finds nothing',
    async run({ memberships, seed }) {
      await seed({
        id: membership(30),
        organizationId: org(30),
        organizationName: 'A',
        userId: user(30),
        role: 'coach',
        status: 'suspended',
      });
      const found = O.toNullable(await memberships.findById(membership(30) as MembershipId));
      assert.ok(found !== null);
      assert.deepEqual(
        {
          id: found.id,
          organizationId: found.organizationId,
          userId: found.userId,
          role: found.role,
          status: found.status,
          email: found.email,
        },
        { id: membership(30), organizationId: org(30), userId: user(30), role: 'coach', status: 'suspended', email: null },
      );
      assert.ok(found.createdAt instanceof Date && found.updatedAt instanceof Date);
      assert.ok(O.isNone(await memberships.findById(membership(39) as MembershipId)));
    },
  },
  {
    name: 'an inserted invited row has no user and keeps the invitee address',
    async run({ memberships, seed }) {
      await seed({ id: membership(40), organizationId: org(40), organizationName: 'A', userId: user(40), role: 'owner', status: 'active' });
      const invited = row(41, 40, null, 'member', 'invited', 'invitee@example.com');
      await memberships.insert(invited);
      assert.deepEqual(O.toNullable(await memberships.findById(invited.id)), invited);
    },
  },
  {
    name: "findForUser gives the user's live row over a cancelled one; findOwner only a live owner",
    async run({ memberships, seed }) {
      await seed({
        id: membership(50),
        organizationId: org(50),
        organizationName: 'A',
        userId: user(50),
        role: 'owner',
        status: 'cancelled',
      });
      await seed({
        id: membership(51),
        organizationId: org(50),
        organizationName: 'A',
        userId: user(51),
        role: 'member',
        status: 'cancelled',
      });
      assert.ok(O.isNone(await memberships.findOwner(org(50) as OrganizationId)));
      assert.equal(O.toNullable(await memberships.findForUser(org(50) as OrganizationId, user(51)))?.id, membership(51));
      await memberships.insert(row(52, 50, user(51), 'coach', 'active'));
      assert.equal(O.toNullable(await memberships.findForUser(org(50) as OrganizationId, user(51)))?.id, membership(52));
      assert.ok(O.isNone(await memberships.findForUser(org(50) as OrganizationId, user(59))));
      await seed({
        id: membership(53),
        organizationId: org(50),
        organizationName: 'A',
        userId: user(53),
        role: 'owner',
        status: 'suspended',
      });
      assert.equal(O.toNullable(await memberships.findOwner(org(50) as OrganizationId))?.id, membership(53));
    },
  },
  {
    name: 'the roster pages through every row exactly once, cancelled ones only on request',
    async run({ memberships, seed }) {
      const statuses: MembershipStatus[] = ['active', 'suspended', 'cancelled', 'pending_invitation', 'active'];
      for (const [i, status] of statuses.entries()) {
        await seed({
          id: membership(60 + i),
          organizationId: org(60),
          organizationName: 'A',
          userId: user(60 + i),
          role: i === 0 ? 'owner' : 'member',
          status,
        });
      }
      await seed({
        id: membership(69),
        organizationId: org(61),
        organizationName: 'B',
        userId: user(60),
        role: 'member',
        status: 'active',
      });
      const live = await allPages(memberships, org(60) as OrganizationId, false, 2);
      assert.deepEqual([...live].sort(), [membership(60), membership(61), membership(63), membership(64)]);
      const all = await allPages(memberships, org(60) as OrganizationId, true, 3);
      assert.deepEqual([...all].sort(), [60, 61, 62, 63, 64].map(membership));
    },
  },
  {
    name: 'an update applies only while role and status are still as expected (compare-and-set)',
    async run({ memberships, seed }) {
      await seed({
        id: membership(70),
        organizationId: org(70),
        organizationName: 'A',
        userId: user(70),
        role: 'member',
        status: 'active',
      });
      const id = membership(70) as MembershipId;
      const at = new Date('2026-03-02T00:00:00.000Z');
      assert.ok(O.isNone(await memberships.update(id, { role: 'member', status: 'suspended' }, { status: 'cancelled' }, at)));
      const changed = O.toNullable(
        await memberships.update(id, { role: 'member', status: 'active' }, { status: 'suspended', role: 'coach' }, at),
      );
      assert.equal(changed?.status, 'suspended');
      assert.equal(changed?.role, 'coach');
      assert.deepEqual(changed?.updatedAt, at);
      assert.ok(O.isNone(await memberships.update(id, { role: 'member', status: 'active' }, { status: 'cancelled' }, at)));
    },
  },
  {
    name: 'an invited row is taken over by a user on acceptance',
    async run({ memberships, seed }) {
      await seed({ id: membership(80), organizationId: org(80), organizationName: 'A', userId: user(80), role: 'owner', status: 'active' });
      await seed({ id: membership(81), organizationId: org(81), organizationName: 'B', userId: user(81), role: 'owner', status: 'active' });
      await memberships.insert(row(82, 80, null, 'coach', 'invited', 'newbie@example.com'));
      const at = new Date('2026-03-03T00:00:00.000Z');
      const accepted = O.toNullable(
        await memberships.update(
          membership(82) as MembershipId,
          { role: 'coach', status: 'invited' },
          { status: 'active', userId: user(81) },
          at,
        ),
      );
      assert.equal(accepted?.userId, user(81));
      assert.equal(accepted?.status, 'active');
    },
  },
  {
    name: 'two concurrent owner grants in one organization: exactly one succeeds, the other rejects',
    async run({ memberships, seed }) {
      await seed({
        id: membership(90),
        organizationId: org(90),
        organizationName: 'A',
        userId: user(90),
        role: 'owner',
        status: 'cancelled',
      });
      await seed({ id: membership(91), organizationId: org(90), organizationName: 'A', userId: user(91), role: 'admin', status: 'active' });
      await seed({ id: membership(92), organizationId: org(90), organizationName: 'A', userId: user(92), role: 'admin', status: 'active' });
      const at = new Date('2026-03-04T00:00:00.000Z');
      const results = await Promise.allSettled(
        [91, 92].map((n) => memberships.update(membership(n) as MembershipId, { role: 'admin', status: 'active' }, { role: 'owner' }, at)),
      );
      assert.equal(results.filter((r) => r.status === 'fulfilled').length, 1);
      assert.equal(results.filter((r) => r.status === 'rejected').length, 1);
      const owner = O.toNullable(await memberships.findOwner(org(90) as OrganizationId));
      const winner = results.findIndex((r) => r.status === 'fulfilled');
      assert.equal(owner?.id, membership(91 + winner));
    },
  },
  {
    name: 'a second live owner is rejected on insert; a cancelled owner does not count',
    async run({ memberships, seed }) {
      await seed({
        id: membership(100),
        organizationId: org(100),
        organizationName: 'A',
        userId: user(100),
        role: 'owner',
        status: 'active',
      });
      await seed({
        id: membership(101),
        organizationId: org(100),
        organizationName: 'A',
        userId: user(101),
        role: 'member',
        status: 'cancelled',
      });
      await assert.rejects(memberships.insert(row(102, 100, null, 'owner', 'invited')));
      await memberships.update(membership(100) as MembershipId, { role: 'owner', status: 'active' }, { status: 'cancelled' }, T);
      await memberships.insert(row(103, 100, user(101), 'owner', 'active'));
      assert.equal(O.toNullable(await memberships.findOwner(org(100) as OrganizationId))?.id, membership(103));
    },
  },
  {
    name: 'a user holds at most one live row per organization (a second insert answers false); a cancelled one does not block a new one',
    async run({ memberships, seed }) {
      await seed({
        id: membership(110),
        organizationId: org(110),
        organizationName: 'A',
        userId: user(110),
        role: 'member',
        status: 'active',
      });
      assert.equal(await memberships.insert(row(111, 110, user(110), 'coach', 'pending_invitation')), false);
      assert.ok(O.isNone(await memberships.findById(membership(111) as MembershipId)));
      await memberships.update(membership(110) as MembershipId, { role: 'member', status: 'active' }, { status: 'cancelled' }, T);
      assert.equal(await memberships.insert(row(112, 110, user(110), 'coach', 'pending_invitation')), true);
      assert.equal(O.toNullable(await memberships.findForUser(org(110) as OrganizationId, user(110)))?.id, membership(112));
    },
  },
  {
    name: 'two concurrent inserts of a live row for one user in one organization: exactly one is stored',
    async run({ memberships, seed }) {
      await seed({
        id: membership(120),
        organizationId: org(120),
        organizationName: 'A',
        userId: user(120),
        role: 'owner',
        status: 'active',
      });
      await seed({
        id: membership(121),
        organizationId: org(121),
        organizationName: 'B',
        userId: user(121),
        role: 'owner',
        status: 'active',
      });
      const results = await Promise.all([122, 123].map((n) => memberships.insert(row(n, 120, user(121), 'member', 'pending_invitation'))));
      assert.deepEqual([...results].sort(), [false, true]);
      assert.equal(
        O.toNullable(await memberships.findForUser(org(120) as OrganizationId, user(121)))?.id,
        membership(122 + results.indexOf(true)),
      );
    },
  },
  {
    name: 'locking gives the rows as they are now, in id order, leaving out ids with no row',
    async run({ memberships, seed }) {
      await seed({
        id: membership(131),
        organizationId: org(130),
        organizationName: 'A',
        userId: user(131),
        role: 'owner',
        status: 'active',
      });
      await seed({
        id: membership(130),
        organizationId: org(130),
        organizationName: 'A',
        userId: user(130),
        role: 'admin',
        status: 'suspended',
      });
      const locked = await memberships.lock([membership(131), membership(139), membership(130)] as MembershipId[]);
      assert.deepEqual(
        locked.map((m) => [m.id, m.role, m.status]),
        [
          [membership(130), 'admin', 'suspended'],
          [membership(131), 'owner', 'active'],
        ],
      );
      assert.deepEqual(await memberships.lock([]), []);
    },
  },
  {
    name: "locking a user's memberships gives every row of theirs, whatever its status, in id order, and only theirs",
    async run({ memberships, seed }) {
      await seed({
        id: membership(241),
        organizationId: org(240),
        organizationName: 'A',
        userId: user(240),
        role: 'owner',
        status: 'active',
      });
      await seed({
        id: membership(240),
        organizationId: org(241),
        organizationName: 'B',
        userId: user(240),
        role: 'member',
        status: 'cancelled',
      });
      await seed({
        id: membership(242),
        organizationId: org(242),
        organizationName: 'C',
        userId: user(240),
        role: 'coach',
        status: 'suspended',
      });
      await seed({
        id: membership(243),
        organizationId: org(240),
        organizationName: 'A',
        userId: user(241),
        role: 'member',
        status: 'active',
      });
      const locked = await memberships.lockAllForUser(user(240));
      assert.deepEqual(
        locked.map((m) => [m.id, m.role, m.status]),
        [
          [membership(240), 'member', 'cancelled'],
          [membership(241), 'owner', 'active'],
          [membership(242), 'coach', 'suspended'],
        ],
      );
      assert.deepEqual(await memberships.lockAllForUser(user(242)), []);
    },
  },
];
