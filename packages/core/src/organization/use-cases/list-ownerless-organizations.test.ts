import test from 'ava';
import * as E from 'fp-ts/lib/Either.js';
import { PLATFORM_ADMIN_ROLE } from '../../identity/auth-payload.js';
import { handleUserDeleted } from '../../identity/use-cases/handle-user-deleted.js';
import { transferOwnership } from '../../membership/use-cases/transfer-ownership.js';
import { pageRequest } from '../../shared/pagination.js';
import { aPerson, anOrganization, createTestWorld, liveOwners, outcome } from '../../testing/index.js';
import { listOwnerlessOrganizations } from './list-ownerless-organizations.js';

const ownerless = async (world: ReturnType<typeof createTestWorld>, auth: Parameters<ReturnType<typeof listOwnerlessOrganizations>>[0]) => {
  const page = await listOwnerlessOrganizations(world)(auth, pageRequest())();
  return E.isRight(page) ? page.right.items.map((item) => ({ id: item.id, since: item.ownerlessSince.toISOString() })) : page.left._tag;
};

test("the provider's deletion of an owner marks the organization ownerless and audits it, with no actor", async (t) => {
  const world = createTestWorld();
  const { organization, owner, members } = await anOrganization(world, { ada: 'admin' });
  const staff = await aPerson(world, 'staff', PLATFORM_ADMIN_ROLE);
  t.deepEqual(await ownerless(world, staff.auth), []);

  t.true(E.isRight(await handleUserDeleted(world)(owner.user.idpId)()));
  t.deepEqual(liveOwners(world, organization.id), [], 'the owner row is cancelled, as before');
  t.deepEqual(await ownerless(world, staff.auth), [{ id: organization.id, since: world.clock.now().toISOString() }]);
  t.like(world.auditLog.all().at(-1), {
    organizationId: organization.id,
    action: 'organization.owner_lost',
    actorUserId: null,
    targetType: 'organization',
    targetId: organization.id,
    before: { ownerMembershipId: owner.membership.id, ownerUserId: owner.user.id },
  });
  // A replay of the deletion changes nothing more.
  const entries = world.auditLog.all().length;
  t.true(E.isRight(await handleUserDeleted(world)(owner.user.idpId)()));
  t.is(world.auditLog.all().length, entries);
  t.is(
    outcome(await listOwnerlessOrganizations(world)(members.ada.auth, pageRequest())()),
    'PlatformAdminOnly',
    'an admin of the organization is no Platform Admin',
  );
});

test('the deletion of a user who owns nothing marks no organization', async (t) => {
  const world = createTestWorld();
  const { members } = await anOrganization(world, { ada: 'admin' });
  const staff = await aPerson(world, 'staff', PLATFORM_ADMIN_ROLE);
  t.true(E.isRight(await handleUserDeleted(world)(members.ada.user.idpId)()));
  t.deepEqual(await ownerless(world, staff.auth), []);
  t.false(world.auditLog.all().some((entry) => entry.action === 'organization.owner_lost'));
});

test('a Platform Admin gives an ownerless organization an owner: the mark is cleared and the transfer audited', async (t) => {
  const world = createTestWorld();
  const { organization, owner, members } = await anOrganization(world, { ada: 'admin', bob: 'member' });
  const staff = await aPerson(world, 'staff', PLATFORM_ADMIN_ROLE);
  await handleUserDeleted(world)(owner.user.idpId)();

  t.is(
    outcome(await transferOwnership(world)(members.ada.auth, organization.id, { membershipId: members.ada.membership.id })()),
    'Forbidden',
    'no admin takes it',
  );
  const moved = await transferOwnership(world)(staff.auth, organization.id, { membershipId: members.bob.membership.id })();
  if (E.isLeft(moved)) return t.fail(moved.left._tag);
  t.is(moved.right.previousOwner, null);
  t.deepEqual(
    liveOwners(world, organization.id).map((m) => m.id),
    [members.bob.membership.id],
  );
  t.deepEqual(await ownerless(world, staff.auth), []);
  t.like(world.auditLog.all().at(-1), {
    action: 'ownership.transferred',
    actorUserId: staff.user.id,
    targetId: members.bob.membership.id,
    before: { ownerMembershipId: null, ownerless: true },
  });
  t.deepEqual(
    world.auditLog
      .all()
      .filter((entry) => entry.organizationId === organization.id)
      .map((entry) => entry.action)
      .slice(-2),
    ['organization.owner_lost', 'ownership.transferred'],
    'the audit trail records both steps',
  );
});
