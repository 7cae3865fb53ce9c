import assert from 'node:assert/strict';
import type { UserId } from '../identity/identifiers.js';
import type { MembershipStatus, Role } from '../membership/membership.js';
import type { Memberships } from '../membership/ports/memberships.js';
import { fixtureUuid as uuid } from './fixture-ids.js';
import type { ContractCase } from './users.contract.js';

/** A membership to put behind a subject, with its organization and (unless invited) its user. */
export interface MembershipSeed {
  readonly id: string;
  readonly organizationId: string;
  readonly organizationName: string;
  readonly userId: string | null;
  readonly role: Role;
  readonly status: MembershipStatus;
}

/** A Memberships implementation plus a way to put rows behind it. */
export interface MembershipsSubject {
  readonly memberships: Memberships;
  seed(membership: MembershipSeed): Promise<void>;
}

const CONTRACT = 0xc0;
const user = (n: number): UserId => uuid(CONTRACT, n) as UserId;
const org = (n: number): string => uuid(CONTRACT + 1, n);
const membership = (n: number): string => uuid(CONTRACT + 2, n);

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
      await seed({ id: membership(10), organizationId: org(10), organizationName: 'Rowing Club', userId: user(10), role: 'owner', status: 'active' });
      await seed({ id: membership(11), organizationId: org(11), organizationName: 'Chess Club', userId: user(10), role: 'coach', status: 'suspended' });
      await seed({ id: membership(12), organizationId: org(10), organizationName: 'Rowing Club', userId: user(11), role: 'member', status: 'active' });
      const listed = [...(await memberships.listForUser(user(10)))].sort((a, b) => a.id.localeCompare(b.id));
      assert.deepEqual(listed, [
        { id: membership(10), organizationId: org(10), organizationName: 'Rowing Club', role: 'owner', status: 'active' },
        { id: membership(11), organizationId: org(11), organizationName: 'Chess Club', role: 'coach', status: 'suspended' },
      ]);
    },
  },
  {
    name: 'cancelling all of a user\'s memberships changes only the ones not cancelled yet, and only theirs',
    async run({ memberships, seed }) {
      await seed({ id: membership(20), organizationId: org(20), organizationName: 'A', userId: user(20), role: 'admin', status: 'active' });
      await seed({ id: membership(21), organizationId: org(21), organizationName: 'B', userId: user(20), role: 'member', status: 'cancelled' });
      await seed({ id: membership(22), organizationId: org(22), organizationName: 'C', userId: user(20), role: 'member', status: 'pending_invitation' });
      await seed({ id: membership(23), organizationId: org(20), organizationName: 'A', userId: user(21), role: 'member', status: 'active' });
      assert.equal(await memberships.cancelAllForUser(user(20)), 2);
      assert.equal(await memberships.cancelAllForUser(user(20)), 0);
      const statuses = (await memberships.listForUser(user(20))).map((m) => m.status);
      assert.deepEqual(statuses, ['cancelled', 'cancelled', 'cancelled']);
      assert.deepEqual((await memberships.listForUser(user(21))).map((m) => m.status), ['active']);
    },
  },
];
