import test from 'ava';
import { eventsJobHandlers } from '../../events/events-jobs.js';
import * as E from 'fp-ts/lib/Either.js';
import * as O from 'fp-ts/lib/Option.js';
import type { Users } from '../ports/users.js';
import { transferOwnership } from '../../membership/use-cases/transfer-ownership.js';
import { anOrganization, createTestWorld, liveOwners, outcome, type TestWorld } from '../../testing/index.js';
import { LockingMemberships, LockingUnitOfWork, RowLocks } from '../../testing/row-locks.js';
import { deleteSelf } from './delete-self.js';
import { identityJobHandlers } from '../identity-jobs.js';

// DELETE /users/me checks ownership in the soft delete's own transaction, under a lock on the
// caller's membership rows: these cases replay on the fakes, with row locks as PostgreSQL takes
// them, the two ways a transfer of ownership to that user can meet the delete.

/** The world with row locks, and a gate on the users' first write: `reached` once the delete is past its check. */
const lockedWorld = (world: TestWorld) => {
  const locks = new RowLocks();
  const memberships = new LockingMemberships(world.memberships, locks);
  const locked = { ...world, memberships, unitOfWork: new LockingUnitOfWork(locks) };
  let reach!: () => void;
  let open!: () => void;
  const reached = new Promise<void>((resolve) => {
    reach = resolve;
  });
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  const gatedUsers = new Proxy(world.users, {
    get: (target, property, receiver) => {
      const value: unknown = Reflect.get(target, property, receiver);
      if (property !== 'markDeleted' || typeof value !== 'function') return typeof value === 'function' ? value.bind(target) : value;
      return async (...args: Parameters<Users['markDeleted']>) => {
        reach();
        await opened;
        return target.markDeleted(...args);
      };
    },
  });
  return { locks, locked, gated: { ...locked, users: gatedUsers }, gate: { reached, open } };
};

test('a transfer of ownership to a user whose deletion is between its check and its write waits, then loses: the organization keeps its owner', async (t) => {
  const world = createTestWorld();
  const { organization, owner, members } = await anOrganization(world, { bob: 'admin' });
  const { locks, locked, gated, gate } = lockedWorld(world);

  const deleting = deleteSelf(gated)({ idpId: members.bob.user.idpId, skipProvider: false })();
  await gate.reached; // the delete has locked bob's rows and found no owner row among them
  const waiting = locks.contended(members.bob.membership.id);
  const transferring = transferOwnership(locked)(owner.auth, organization.id, { membershipId: members.bob.membership.id })();
  await waiting; // the transfer waits for the delete's lock on bob's row
  gate.open();

  t.is(outcome(await deleting), 'Right');
  t.is(outcome(await transferring), 'InvalidMembershipTransition', 'it waited for bob’s locked row, then found it cancelled');
  t.deepEqual(
    liveOwners(world, organization.id).map((m) => m.id),
    [owner.membership.id],
    'the owner was never demoted',
  );
  t.like(O.toNullable(await world.memberships.findById(members.bob.membership.id)), { role: 'admin', status: 'cancelled' });
  t.deepEqual(world.jobQueue.names(), ['identity.delete-provider-user']);
  await world.jobQueue.drain({ ...eventsJobHandlers(world), ...identityJobHandlers(world) });
  t.deepEqual(world.idpAdmin.deleted, [members.bob.user.idpId]);
});

test('a transfer of ownership that commits before the deletion locks the rows makes the deletion answer 409, and nothing is deleted', async (t) => {
  const world = createTestWorld();
  const { organization, owner, members } = await anOrganization(world, { bob: 'admin' });
  const { locked } = lockedWorld(world);
  const lockAllForUser = locked.memberships.lockAllForUser.bind(locked.memberships);
  const racing = Object.assign(Object.create(locked.memberships) as LockingMemberships, {
    lockAllForUser: async (...args: Parameters<typeof lockAllForUser>) => {
      t.is(outcome(await transferOwnership(locked)(owner.auth, organization.id, { membershipId: members.bob.membership.id })()), 'Right');
      return lockAllForUser(...args);
    },
  });

  const result = await deleteSelf({ ...locked, memberships: racing })({ idpId: members.bob.user.idpId, skipProvider: false })();
  t.true(E.isLeft(result) && result.left._tag === 'OwnerMustTransferOwnership' && result.left.organizationIds.includes(organization.id));
  t.deepEqual(
    liveOwners(world, organization.id).map((m) => m.id),
    [members.bob.membership.id],
    'bob owns the organization',
  );
  t.is(O.toNullable(await world.users.findByIdpId(members.bob.user.idpId))?.deletedAt, null, 'bob is not deleted');
  t.deepEqual(world.idpAdmin.deleted, []);
});
