import test from 'ava';
import * as E from 'fp-ts/lib/Either.js';
import { PLATFORM_ADMIN_ROLE } from '../../identity/auth-payload.js';
import { aPerson, anOrganization, createTestWorld, liveOwners, outcome, sessionOf } from '../../testing/index.js';
import { changeMemberRole } from './change-member-role.js';
import { createOrganization } from '../../organization/use-cases/create-organization.js';
import type { OrganizationName } from '../../organization/organization.js';

test('an owner promotes a member to admin, audited as membership.role_changed', async (t) => {
  const world = createTestWorld();
  const { organization, owner, members } = await anOrganization(world, { bob: 'member' });
  const result = await changeMemberRole(world)(owner.auth, organization.id, members.bob.membership.id, 'admin')();
  t.true(E.isRight(result) && result.right.role === 'admin');
  t.like(world.auditLog.all().at(-1), { action: 'membership.role_changed', before: { role: 'member' }, after: { role: 'admin' } });
});

test('nobody grants a role at or above their own: an admin cannot make an admin', async (t) => {
  const world = createTestWorld();
  const { organization, members } = await anOrganization(world, { ada: 'admin', bob: 'member' });
  t.is(outcome(await changeMemberRole(world)(members.ada.auth, organization.id, members.bob.membership.id, 'admin')()), 'CannotGrantRole');
  t.is(outcome(await changeMemberRole(world)(members.ada.auth, organization.id, members.bob.membership.id, 'coach')()), 'Right');
});

test('an admin cannot manage another admin (strictly lower ranks only)', async (t) => {
  const world = createTestWorld();
  const { organization, members } = await anOrganization(world, { ada: 'admin', eve: 'admin' });
  t.is(
    outcome(await changeMemberRole(world)(members.ada.auth, organization.id, members.eve.membership.id, 'member')()),
    'CannotManageMember',
  );
});

test('owner is never granted by a role change, not even by a Platform Admin', async (t) => {
  const world = createTestWorld();
  const { organization, owner, members } = await anOrganization(world, { ada: 'admin' });
  const staff = await aPerson(world, 'staff', PLATFORM_ADMIN_ROLE);
  t.is(outcome(await changeMemberRole(world)(owner.auth, organization.id, members.ada.membership.id, 'owner')()), 'CannotGrantRole');
  t.is(outcome(await changeMemberRole(world)(staff.auth, organization.id, members.ada.membership.id, 'owner')()), 'CannotGrantRole');
  t.is(liveOwners(world, organization.id).length, 1);
});

test('the owner is never simply demoted, not even by a Platform Admin', async (t) => {
  const world = createTestWorld();
  const { organization, owner } = await anOrganization(world, {});
  const staff = await aPerson(world, 'staff', PLATFORM_ADMIN_ROLE);
  t.is(outcome(await changeMemberRole(world)(owner.auth, organization.id, owner.membership.id, 'admin')()), 'OwnerProtected');
  t.is(outcome(await changeMemberRole(world)(staff.auth, organization.id, owner.membership.id, 'admin')()), 'OwnerProtected');
  t.is(liveOwners(world, organization.id).length, 1);
});

test('a membership of another organization is not found', async (t) => {
  const world = createTestWorld();
  const { organization, owner } = await anOrganization(world, {});
  const zoe = await aPerson(world, 'zoe');
  const other = await createOrganization(world)(zoe.auth, { name: 'Other Gym' as OrganizationName })();
  if (E.isLeft(other)) return t.fail();
  t.is(outcome(await changeMemberRole(world)(owner.auth, organization.id, other.right.membership.id, 'coach')()), 'MembershipNotFound');
});

test('an invited membership cannot be given another role', async (t) => {
  const world = createTestWorld();
  const { organization, owner, members } = await anOrganization(world, { ivy: { role: 'member', status: 'pending_invitation' } });
  t.is(
    outcome(await changeMemberRole(world)(owner.auth, organization.id, members.ivy.membership.id, 'coach')()),
    'InvalidMembershipTransition',
  );
});

test('a Platform Admin may give any role but owner, member of the organization or not', async (t) => {
  const world = createTestWorld();
  const { organization, members } = await anOrganization(world, { ada: 'admin', bob: 'member', cy: 'member' });
  const staff = await aPerson(world, 'staff', PLATFORM_ADMIN_ROLE);
  t.is(outcome(await changeMemberRole(world)(staff.auth, organization.id, members.bob.membership.id, 'admin')()), 'Right');
  const adminStaff = sessionOf(members.ada.user, PLATFORM_ADMIN_ROLE);
  t.is(outcome(await changeMemberRole(world)(adminStaff, organization.id, members.cy.membership.id, 'admin')()), 'Right');
});
