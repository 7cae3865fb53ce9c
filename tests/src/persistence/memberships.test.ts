import type { Persistence } from '@idv/adapters-persistence';
import type { UserId } from '@idv/core';
import { fixtureUuid as uuid, inMemoryMembershipsSubject, membershipsContract, type MembershipsSubject } from '@idv/core/testing';
import test from 'ava';
import { forEachBackend } from './support/backends.js';
import { registerContract } from './support/register-contract.js';
import { seedMembership } from './support/seed.js';

const runContract = (label: string, subject: () => MembershipsSubject): void =>
  registerContract('Memberships', membershipsContract, label, subject);

const inMemory = inMemoryMembershipsSubject();
runContract('the in-memory fake', () => inMemory);

const INVARIANTS = 0xd0;
const org = (n: number): string => uuid(INVARIANTS, n);
const user = (n: number): string => uuid(INVARIANTS + 1, n);
const membership = (n: number): string => uuid(INVARIANTS + 2, n);

const rejection = async (work: Promise<unknown>): Promise<{ code?: string; constraint?: string }> => {
  try {
    await work;
  } catch (error) {
    return error as { code?: string; constraint?: string };
  }
  throw new Error('expected the insert to be rejected');
};

forEachBackend((backend) => {
  const db = (): Persistence => backend.persistence();
  runContract(backend.label, () => ({ memberships: db().memberships, seed: (seed) => seedMembership(db(), seed) }));

  test(`${backend.label}: an organization has at most one owner (partial unique index)`, async (t) => {
    await seedMembership(db(), {
      id: membership(1),
      organizationId: org(1),
      organizationName: 'Owned',
      userId: user(1),
      role: 'owner',
      status: 'active',
    });
    await seedMembership(db(), {
      id: membership(2),
      organizationId: org(1),
      organizationName: 'Owned',
      userId: user(2),
      role: 'admin',
      status: 'active',
    });
    const error = await rejection(
      seedMembership(db(), {
        id: membership(3),
        organizationId: org(1),
        organizationName: 'Owned',
        userId: user(3),
        role: 'owner',
        status: 'active',
      }),
    );
    t.is(error.code, '23505');
    t.is(error.constraint, 'memberships_one_live_owner_per_org');
    await seedMembership(db(), {
      id: membership(4),
      organizationId: org(2),
      organizationName: 'Other',
      userId: user(3),
      role: 'owner',
      status: 'active',
    });
  });

  test(`${backend.label}: a user has at most one live membership per organization`, async (t) => {
    await seedMembership(db(), {
      id: membership(10),
      organizationId: org(10),
      organizationName: 'Club',
      userId: user(10),
      role: 'member',
      status: 'active',
    });
    const error = await rejection(
      seedMembership(db(), {
        id: membership(11),
        organizationId: org(10),
        organizationName: 'Club',
        userId: user(10),
        role: 'coach',
        status: 'active',
      }),
    );
    t.is(error.code, '23505');
    t.is(error.constraint, 'memberships_one_live_per_user');
  });

  test(`${backend.label}: invited memberships have no user yet, and several may wait in one organization`, async (t) => {
    await seedMembership(db(), {
      id: membership(20),
      organizationId: org(20),
      organizationName: 'Club',
      userId: null,
      role: 'member',
      status: 'invited',
    });
    await seedMembership(db(), {
      id: membership(21),
      organizationId: org(20),
      organizationName: 'Club',
      userId: null,
      role: 'coach',
      status: 'invited',
    });
    const [row] = await db().orm.em.execute<{ count: string | number }[]>(
      'select count(*) as "count" from "memberships" where "organization_id" = ?',
      [org(20)],
    );
    t.is(Number(row?.count), 2);
  });

  test(`${backend.label}: roles outside owner/admin/coach/member are rejected`, async (t) => {
    const error = await rejection(
      seedMembership(db(), {
        id: membership(30),
        organizationId: org(30),
        organizationName: 'Club',
        userId: user(30),
        role: 'superuser' as 'member',
        status: 'active',
      }),
    );
    t.is(error.code, '23514');
  });

  test(`${backend.label}: deleting an organization deletes its memberships`, async (t) => {
    await seedMembership(db(), {
      id: membership(40),
      organizationId: org(40),
      organizationName: 'Gone',
      userId: user(40),
      role: 'owner',
      status: 'active',
    });
    await db().orm.em.execute('delete from "organizations" where "id" = ?', [org(40)]);
    t.deepEqual(await db().memberships.listForUser(user(40) as UserId), []);
  });
});
