import test from 'ava';
import { PLATFORM_ADMIN_ROLE } from '../../identity/auth-payload.js';
import { aPerson, anOrganization, createTestWorld, liveOwners, outcome } from '../../testing/index.js';
import { removeMember } from './remove-member.js';

test('an admin removes a member (cancelled, audited as membership.removed)', async (t) => {
  const world = createTestWorld();
  const { organization, members } = await anOrganization(world, { ada: 'admin', bob: { role: 'member', status: 'suspended' } });
  t.is(outcome(await removeMember(world)(members.ada.auth, organization.id, members.bob.membership.id)()), 'Right');
  t.is(world.memberships.all().find((m) => m.id === members.bob.membership.id)?.status, 'cancelled');
  t.is(world.auditLog.actions().at(-1), 'membership.removed');
  t.is(outcome(await removeMember(world)(members.ada.auth, organization.id, members.bob.membership.id)()), 'InvalidMembershipTransition');
});

test('the owner cannot be removed by an admin, nor remove themselves', async (t) => {
  const world = createTestWorld();
  const { organization, owner, members } = await anOrganization(world, { ada: 'admin' });
  t.is(outcome(await removeMember(world)(members.ada.auth, organization.id, owner.membership.id)()), 'OwnerProtected');
  t.is(outcome(await removeMember(world)(owner.auth, organization.id, owner.membership.id)()), 'OwnerProtected');
  t.is(liveOwners(world, organization.id).length, 1);
});

test('a Platform Admin removes the owner only by naming a successor, who becomes owner at once', async (t) => {
  const world = createTestWorld();
  const { organization, owner, members } = await anOrganization(world, { ada: 'admin', sus: { role: 'admin', status: 'suspended' } });
  const staff = await aPerson(world, 'staff', PLATFORM_ADMIN_ROLE);
  t.is(outcome(await removeMember(world)(staff.auth, organization.id, owner.membership.id)()), 'OwnerProtected');
  t.is(
    outcome(await removeMember(world)(staff.auth, organization.id, owner.membership.id, { successorId: members.sus.membership.id })()),
    'InvalidMembershipTransition',
  );
  t.is(
    outcome(await removeMember(world)(staff.auth, organization.id, owner.membership.id, { successorId: members.ada.membership.id })()),
    'Right',
  );
  t.deepEqual(
    liveOwners(world, organization.id).map((m) => m.id),
    [members.ada.membership.id],
  );
  t.like(
    world.memberships.all().find((m) => m.id === owner.membership.id),
    { role: 'admin', status: 'cancelled' },
  );
  t.deepEqual(world.auditLog.actions().slice(-2), ['ownership.transferred', 'membership.removed']);
});
