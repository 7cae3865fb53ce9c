import { randomUUID } from 'node:crypto';
import type { Persistence } from '@idv/adapters-persistence';
import {
  createOrganization,
  deleteSelf,
  transferOwnership,
  type IdpUserId,
  type MembershipId,
  type OrganizationName,
  type UserId,
} from '@idv/core';
import { aProviderUser, FakeIdentityProviderAdmin, FixedClock, outcome, RecordingJobQueue, sessionOf } from '@idv/core/testing';
import test from 'ava';
import * as E from 'fp-ts/lib/Either.js';
import * as O from 'fp-ts/lib/Option.js';
import { forEachBackend } from './support/backends.js';
import { aMembership } from './support/fixtures.js';

// DELETE /users/me against a transfer of ownership to the same user, on PostgreSQL with real
// concurrency: the delete locks the user's membership rows in its own transaction before it checks
// for an owner row, so the organization never ends up without an owner.

const world = (db: Persistence) => ({
  ...db,
  clock: new FixedClock(new Date()),
  ids: { uuid: () => randomUUID() },
  idpAdmin: new FakeIdentityProviderAdmin(),
  // The provider user's deletion is only enqueued here (what matters is the local race).
  jobQueue: new RecordingJobQueue(),
});

/** An organization owned by a fresh owner, with a fresh admin who may be made owner. */
const anOrganizationWithAdmin = async (db: Persistence, tag: string) => {
  const person = async (name: string) =>
    (
      await db.users.syncFromProvider(
        aProviderUser({ idpId: `user_${name}${tag}`, email: `${name}-${tag}@example.com` }),
        randomUUID() as UserId,
      )
    ).user;
  const owner = await person('owner');
  const admin = await person('admin');
  const created = await createOrganization(world(db))(sessionOf(owner), { name: `Race ${tag}` as OrganizationName })();
  if (E.isLeft(created)) throw new Error(created.left._tag);
  const adminMembership = aMembership({
    id: randomUUID() as MembershipId,
    organizationId: created.right.organization.id,
    userId: admin.id,
    role: 'admin',
  });
  await db.memberships.insert(adminMembership);
  return { organizationId: created.right.organization.id, owner, admin, adminMembershipId: adminMembership.id };
};

const liveOwnerIds = async (db: Persistence, organizationId: string): Promise<string[]> =>
  (
    await db.orm.em.execute<{ id: string }[]>(
      `select "id" from "memberships" where "organization_id" = ? and "role" = 'owner' and "status" <> 'cancelled'`,
      [organizationId],
    )
  ).map((row) => row.id);

const isDeleted = async (db: Persistence, idpId: IdpUserId): Promise<boolean> =>
  O.toNullable(await db.users.findByIdpId(idpId))?.deletedAt != null;

/** Backends waiting on a row lock in this database (the transfer blocked behind the delete). */
const lockWaiters = async (db: Persistence): Promise<number> => {
  const [row] = await db.orm.em.execute<{ count: string | number }[]>(
    `select count(*) as "count" from pg_stat_activity where "datname" = current_database() and "wait_event_type" = 'Lock'`,
  );
  return Number(row?.count);
};

forEachBackend(
  (backend) => {
    test.serial(
      `${backend.label}: a transfer to a user whose deletion has checked for owner rows waits on its lock and loses; the organization keeps its owner`,
      async (t) => {
        const db = backend.persistence();
        const { organizationId, owner, admin, adminMembershipId } = await anOrganizationWithAdmin(db, 'gated');
        let reach!: () => void;
        let open!: () => void;
        const reached = new Promise<void>((resolve) => (reach = resolve));
        const opened = new Promise<void>((resolve) => (open = resolve));
        // The gate: the delete's first write waits, inside its transaction, after the lock and the check.
        const users = Object.assign(Object.create(db.users) as typeof db.users, {
          markDeleted: async (...args: Parameters<typeof db.users.markDeleted>) => {
            reach();
            await opened;
            return db.users.markDeleted(...args);
          },
        });
        const deleting = deleteSelf({ ...world(db), users })({ idpId: admin.idpId, skipProvider: false })();
        await Promise.race([reached, deleting]);
        const transferring = transferOwnership(world(db))(sessionOf(owner), organizationId as never, { membershipId: adminMembershipId })();
        let waiters = 0;
        for (let polls = 0; waiters === 0 && polls < 10_000; polls += 1) waiters = await lockWaiters(db);
        t.is(waiters, 1, 'the transfer waits on the row the delete locked');
        open();
        t.is(outcome(await deleting), 'Right');
        t.is(outcome(await transferring), 'InvalidMembershipTransition', 'it waited for the locked row, then found it cancelled');
        t.deepEqual(await liveOwnerIds(db, organizationId), [
          O.toNullable(await db.memberships.findForUser(organizationId as never, owner.id))!.id,
        ]);
        t.true(await isDeleted(db, admin.idpId));
      },
    );

    test.serial(
      `${backend.label}: deletions racing transfers of ownership to the same users: each organization has exactly one owner, and a refused delete deleted nothing`,
      async (t) => {
        const db = backend.persistence();
        const rounds = await Promise.all(Array.from({ length: 12 }, (_, i) => anOrganizationWithAdmin(db, `race${i}`)));
        const answers = await Promise.all(
          rounds.map(async ({ organizationId, owner, admin, adminMembershipId }, round) => {
            const transferring = transferOwnership(world(db))(sessionOf(owner), organizationId as never, {
              membershipId: adminMembershipId,
            })();
            // A head start of 0 to 9 round trips for the transfer, so that both orders happen.
            for (let trip = 0; trip < (round % 4) * 3; trip += 1) await db.organizations.findById(organizationId);
            const [deleted, transferred] = await Promise.all([
              deleteSelf(world(db))({ idpId: admin.idpId, skipProvider: false })(),
              transferring,
            ]);
            return { organizationId, admin, deleted: outcome(deleted), transferred: outcome(transferred) };
          }),
        );
        for (const { organizationId, admin, deleted, transferred } of answers) {
          t.is((await liveOwnerIds(db, organizationId)).length, 1, `${deleted} / ${transferred}`);
          if (deleted === 'Right') t.not(transferred, 'Right', 'a deleted user never becomes the owner');
          else {
            t.is(deleted, 'OwnerMustTransferOwnership');
            t.is(transferred, 'Right');
            t.false(await isDeleted(db, admin.idpId), 'a refused delete deleted nothing');
          }
        }
        t.log(answers.map((a) => `${a.deleted}/${a.transferred}`).join(', '));
      },
    );
  },
  { pglite: false },
);
