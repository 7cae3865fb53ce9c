import test from 'ava';
import { PLATFORM_ADMIN_ROLE } from '../../identity/auth-payload.js';
import { aPerson, anOrganization, createTestWorld, liveOwners, outcome } from '../../testing/index.js';
import { leaveOrganization } from './leave-organization.js';

test('an active member leaves: cancelled, audited as membership.left', async (t) => {
  const world = createTestWorld();
  const { organization, members } = await anOrganization(world, { bob: 'member' });
  t.is(outcome(await leaveOrganization(world)(members.bob.auth, organization.id)()), 'Right');
  t.is(world.memberships.all().find((m) => m.id === members.bob.membership.id)?.status, 'cancelled');
  t.like(world.auditLog.all().at(-1), { action: 'membership.left', actorUserId: members.bob.user.id });
});

test('the owner cannot leave', async (t) => {
  const world = createTestWorld();
  const { organization, owner } = await anOrganization(world, {});
  t.is(outcome(await leaveOrganization(world)(owner.auth, organization.id)()), 'OwnerCannotLeave');
  t.is(liveOwners(world, organization.id).length, 1);
});

test('a suspended member cannot leave (no capabilities); a non-member or Platform Admin has nothing to leave', async (t) => {
  const world = createTestWorld();
  const { organization, members } = await anOrganization(world, { sus: { role: 'member', status: 'suspended' } });
  const stranger = await aPerson(world, 'stranger');
  const staff = await aPerson(world, 'staff', PLATFORM_ADMIN_ROLE);
  t.is(outcome(await leaveOrganization(world)(members.sus.auth, organization.id)()), 'Forbidden');
  t.is(outcome(await leaveOrganization(world)(stranger.auth, organization.id)()), 'OrganizationNotFound');
  t.is(outcome(await leaveOrganization(world)(staff.auth, organization.id)()), 'MembershipNotFound');
});
