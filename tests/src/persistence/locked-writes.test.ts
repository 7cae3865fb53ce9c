import { randomUUID } from 'node:crypto';
import type { Persistence } from '@idv/adapters-persistence';
import {
  changeMemberRole,
  inviteMember,
  removeMember,
  suspendMember,
  type Email,
  type MembershipChanges,
  type OrganizationId,
} from '@idv/core';
import { anOrganization, createTestWorld, outcome, type TestMember, type TestWorld } from '@idv/core/testing';
import test from 'ava';
import * as E from 'fp-ts/lib/Either.js';
import * as O from 'fp-ts/lib/Option.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import { forEachBackend } from './support/backends.js';

// Every write under an authorization locks the caller's membership row and decides again on it
// (ARCHITECTURE §3, §7). Here the caller's row is held by another transaction that demotes or
// removes them: the write must wait for it, then be refused. PGlite serializes every transaction
// on its one connection, so this needs PostgreSQL.

type Members = { readonly ada: TestMember; readonly bob: TestMember };
type Act = (world: TestWorld, members: Members, organizationId: OrganizationId) => TE.TaskEither<{ readonly _tag: string }, unknown>;

const WAITERS = `select count(*) as "count" from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`;

forEachBackend(
  (backend) => {
    const db = (): Persistence => backend.persistence();

    /** The use cases' world on the SQL adapters (fakes for the provider, tokens, throttles and devices). */
    const worldOnDatabase = (): TestWorld => {
      const { users, organizations, memberships, invitations, auditLog, unitOfWork } = db();
      return {
        ...createTestWorld(),
        users,
        organizations,
        memberships,
        invitations,
        auditLog,
        unitOfWork,
        ids: { uuid: () => randomUUID() },
      } as unknown as TestWorld;
    };

    /** Resolves once some transaction of this database waits for a row lock (polls the server; no timers). */
    const someoneWaits = async (): Promise<void> => {
      for (let polls = 0; polls < 5_000; polls += 1) {
        const [row] = await db().orm.em.execute<{ count: string | number }[]>(WAITERS);
        if (Number(row?.count) > 0) return;
      }
      throw new Error("the write never waited for the caller's membership row");
    };

    const refusedOnceTheHolderCommits = test.macro({
      async exec(t, act: Act, change: MembershipChanges) {
        const world = worldOnDatabase();
        const { organization, members } = await anOrganization(world, { ada: 'admin', bob: 'member' });
        const ada = members.ada.membership;
        let locked!: () => void;
        let proceed!: () => void;
        const isLocked = new Promise<void>((resolve) => (locked = resolve));
        const mayProceed = new Promise<void>((resolve) => (proceed = resolve));
        const holder = db().unitOfWork.run(async () => {
          await db().memberships.lock([ada.id]);
          locked();
          await mayProceed;
          return E.right(await db().memberships.update(ada.id, { role: ada.role, status: ada.status }, change, world.clock.now()));
        });
        await isLocked;
        const racing = act(world, members, organization.id)();
        await someoneWaits();
        proceed();
        t.true(E.isRight(await holder), 'the demotion committed');
        t.is(outcome(await racing), 'Forbidden');
        t.deepEqual((await db().invitations.listForOrganization(organization.id, { limit: 10 })).items, [], 'no invitation was created');
        const bob = O.toNullable(await db().memberships.findById(members.bob.membership.id));
        t.like(bob, { role: 'member', status: 'active' }, 'bob is as he was');
      },
      title: (what = '', _act, change: MembershipChanges) =>
        `${backend.label}: an admin ${change.status === 'cancelled' ? 'removed' : 'demoted to member'} while ${what} waits for their row, then is refused`,
    });

    const invite: Act = (world, { ada }, orgId) =>
      inviteMember(world)(ada.auth, orgId, { email: `new-${randomUUID()}@example.com` as Email, role: 'coach' });
    const suspend: Act = (world, { ada, bob }, orgId) => suspendMember(world)(ada.auth, orgId, bob.membership.id);
    const changeRole: Act = (world, { ada, bob }, orgId) => changeMemberRole(world)(ada.auth, orgId, bob.membership.id, 'coach');
    const remove: Act = (world, { ada, bob }, orgId) => removeMember(world)(ada.auth, orgId, bob.membership.id);

    // Serial: a case counts every lock waiter of the database, so it must be the only one running.
    test.serial('their invitation request', refusedOnceTheHolderCommits, invite, { status: 'cancelled' });
    test.serial('suspending a member', refusedOnceTheHolderCommits, suspend, { role: 'member' });
    test.serial('changing a member’s role', refusedOnceTheHolderCommits, changeRole, { role: 'member' });
    test.serial('removing a member', refusedOnceTheHolderCommits, remove, { role: 'member' });
  },
  { pglite: false },
);
