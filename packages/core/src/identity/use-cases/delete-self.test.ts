import test from 'ava';
import { eventsJobHandlers } from '../../events/events-jobs.js';
import * as E from 'fp-ts/lib/Either.js';
import * as O from 'fp-ts/lib/Option.js';
import type { UserId } from '../identifiers.js';
import { aProviderUser, anOrganization, createTestWorld } from '../../testing/index.js';
import { handleUserDeleted } from './handle-user-deleted.js';
import { deleteSelf } from './delete-self.js';
import { identityJobHandlers } from '../identity-jobs.js';

const snapshot = aProviderUser({ idpId: 'user_2g7np7Hrk0SN6kj5EDMLDaKNL0S' });

test("deleting oneself soft-deletes, cancels memberships and enqueues the provider user's deletion with them", async (t) => {
  const world = createTestWorld();
  const { user } = await world.users.syncFromProvider(snapshot, '00000000-0000-4000-8000-0000000000aa' as UserId);
  world.memberships.add(user.id, { id: 'm1', organizationId: 'o1', organizationName: 'Iron Gym', role: 'member', status: 'active' });
  const result = await deleteSelf(world)({ idpId: snapshot.idpId, skipProvider: false })();
  t.true(E.isRight(result) && result.right.deletedAt !== null);
  t.deepEqual(
    (await world.memberships.listForUser(user.id)).map((m) => m.status),
    ['cancelled'],
  );
  t.deepEqual(world.idpAdmin.deleted, [], 'nothing asked of the provider before the job runs');
  t.deepEqual(
    world.jobQueue.enqueued.map((job) => [job.name, job.data]),
    [['identity.delete-provider-user', { idpId: snapshot.idpId }]],
  );
  await world.jobQueue.drain({ ...eventsJobHandlers(world), ...identityJobHandlers(world) });
  t.deepEqual(world.idpAdmin.deleted, [snapshot.idpId]);
});

test('with skip-provider the provider is left alone', async (t) => {
  const world = createTestWorld();
  await world.users.syncFromProvider(snapshot, '00000000-0000-4000-8000-0000000000aa' as UserId);
  await deleteSelf(world)({ idpId: snapshot.idpId, skipProvider: true })();
  t.deepEqual(world.idpAdmin.deleted, []);
  t.notDeepEqual(O.toNullable(await world.users.findByIdpId(snapshot.idpId))?.deletedAt, null);
});

test('a provider outage never fails the local delete: the job fails, and its retry converges', async (t) => {
  const world = createTestWorld();
  await world.users.syncFromProvider(snapshot, '00000000-0000-4000-8000-0000000000aa' as UserId);
  world.idpAdmin.unavailable = true;
  t.true(E.isRight(await deleteSelf(world)({ idpId: snapshot.idpId, skipProvider: false })()));
  const handlers = { ...eventsJobHandlers(world), ...identityJobHandlers(world) };
  await t.throwsAsync(world.jobQueue.drain(handlers));
  world.idpAdmin.unavailable = false;
  const [job] = world.jobQueue.enqueued;
  await handlers[job!.name]!(job!.data);
  t.deepEqual(world.idpAdmin.deleted, [snapshot.idpId]);
});

test('an owner must transfer ownership before deleting their account (409); nothing changes', async (t) => {
  const world = createTestWorld();
  const { organization, owner } = await anOrganization(world, {});
  const result = await deleteSelf(world)({ idpId: owner.user.idpId, skipProvider: false })();
  t.true(E.isLeft(result) && result.left._tag === 'OwnerMustTransferOwnership' && result.left.organizationIds.includes(organization.id));
  t.is(O.toNullable(await world.users.findByIdpId(owner.user.idpId))?.deletedAt, null);
  t.deepEqual(world.idpAdmin.deleted, []);
});

test("the provider's user.deleted always succeeds for an owner and cancels the owner row too", async (t) => {
  const world = createTestWorld();
  const { owner } = await anOrganization(world, {});
  t.true(E.isRight(await handleUserDeleted(world)(owner.user.idpId)()));
  t.deepEqual(
    (await world.memberships.listForUser(owner.user.id)).map((m) => [m.role, m.status]),
    [['owner', 'cancelled']],
  );
});
