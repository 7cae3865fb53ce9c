import assert from 'node:assert/strict';
import * as O from 'fp-ts/lib/Option.js';
import type { IdpUserId, UserId } from '../identity/identifiers.js';
import type { Callers } from '../identity/ports/callers.js';
import type { Users } from '../identity/ports/users.js';
import { aProviderUser } from './builders.js';
import { fixtureUuid as uuid } from './fixture-ids.js';
import { InMemoryCallers } from './in-memory-callers.js';
import { InMemoryUsers } from './in-memory-users.js';
import { inMemoryMembershipsSubject, type MembershipSeed } from './memberships.contract.js';
import type { ContractCase } from './users.contract.js';

/** A Callers implementation plus ways to put users and memberships behind it. */
export interface CallersSubject {
  readonly callers: Callers;
  /** The same store's users, to create and delete rows through. */
  readonly users: Users;
  /** Makes the membership (and its organization) exist; its `userId` must be a row created through `users`. */
  seed(membership: MembershipSeed): Promise<void>;
}

/** The in-memory fake as a contract subject. */
export const inMemoryCallersSubject = (): CallersSubject => {
  const users = new InMemoryUsers();
  const memberships = inMemoryMembershipsSubject();
  return { callers: new InMemoryCallers(users, memberships.memberships), users, seed: memberships.seed };
};

const CONTRACT = 0xca;
const userId = (n: number): UserId => uuid(CONTRACT, n) as UserId;
const org = (n: number): string => uuid(CONTRACT + 1, n);
const membership = (n: number): string => uuid(CONTRACT + 2, n);
const byId = <Item extends { readonly id: string }>(items: readonly Item[]): Item[] => [...items].sort((a, b) => a.id.localeCompare(b.id));

/** The Callers port's contract: the same answer as `Users.findByIdpId` plus `Memberships.listForUser`. */
export const callersContract: readonly ContractCase<CallersSubject>[] = [
  {
    name: 'an unknown provider id finds no caller',
    async run({ callers }) {
      assert.ok(O.isNone(await callers.findByIdpId('user_callernobody' as IdpUserId)));
    },
  },
  {
    name: 'a user without memberships is found with an empty list',
    async run({ callers, users }) {
      const { user } = await users.syncFromProvider(aProviderUser({ idpId: 'user_callerlonely' }), userId(1));
      assert.deepEqual(O.toNullable(await callers.findByIdpId(user.idpId)), { user, memberships: [] });
    },
  },
  {
    name: "a user is found with every one of their memberships (any status, with the organization's name), and only theirs",
    async run({ callers, users, seed }) {
      const { user } = await users.syncFromProvider(aProviderUser({ idpId: 'user_callermember' }), userId(10));
      const { user: other } = await users.syncFromProvider(aProviderUser({ idpId: 'user_callerother' }), userId(11));
      await seed({
        id: membership(10),
        organizationId: org(10),
        organizationName: 'Rowing Club',
        userId: user.id,
        role: 'owner',
        status: 'active',
      });
      await seed({
        id: membership(11),
        organizationId: org(11),
        organizationName: 'Chess Club',
        userId: user.id,
        role: 'coach',
        status: 'suspended',
      });
      await seed({
        id: membership(12),
        organizationId: org(12),
        organizationName: 'Left Club',
        userId: user.id,
        role: 'member',
        status: 'cancelled',
      });
      await seed({
        id: membership(13),
        organizationId: org(10),
        organizationName: 'Rowing Club',
        userId: other.id,
        role: 'member',
        status: 'active',
      });
      const found = O.toNullable(await callers.findByIdpId(user.idpId));
      assert.deepEqual(found?.user, user);
      assert.deepEqual(byId(found?.memberships ?? []), [
        { id: membership(10), organizationId: org(10), organizationName: 'Rowing Club', role: 'owner', status: 'active' },
        { id: membership(11), organizationId: org(11), organizationName: 'Chess Club', role: 'coach', status: 'suspended' },
        { id: membership(12), organizationId: org(12), organizationName: 'Left Club', role: 'member', status: 'cancelled' },
      ]);
    },
  },
  {
    name: 'a soft-deleted user is still found, with their deletion time',
    async run({ callers, users }) {
      const { user } = await users.syncFromProvider(aProviderUser({ idpId: 'user_callergone' }), userId(20));
      const at = new Date('2026-05-01T12:00:00.000Z');
      await users.markDeleted(user.idpId, at, userId(21));
      const found = O.toNullable(await callers.findByIdpId(user.idpId));
      assert.equal(found?.user.id, user.id);
      assert.equal(found?.user.deletedAt?.getTime(), at.getTime());
      assert.deepEqual(found?.memberships, []);
    },
  },
];
