import test from 'ava';
import * as E from 'fp-ts/lib/Either.js';
import { PLATFORM_ADMIN_ROLE } from '../../identity/auth-payload.js';
import { aPerson, anOrganization, createTestWorld, liveOwners, outcome } from '../../testing/index.js';
import { authorize } from '../authorize.js';
import { reinstateMember } from './reinstate-member.js';
import { suspendMember } from './suspend-member.js';

test('suspend then reinstate: active ↔ suspended, each audited; a suspended member holds no capabilities', async (t) => {
  const world = createTestWorld();
  const { organization, owner, members } = await anOrganization(world, { cole: 'coach' });
  t.is(outcome(await suspendMember(world)(owner.auth, organization.id, members.cole.membership.id)()), 'Right');
  t.is(outcome(await authorize(world)(members.cole.auth, organization.id, 'organization.read')()), 'Forbidden');
  t.is(outcome(await suspendMember(world)(owner.auth, organization.id, members.cole.membership.id)()), 'InvalidMembershipTransition');
  const back = await reinstateMember(world)(owner.auth, organization.id, members.cole.membership.id)();
  t.true(E.isRight(back) && back.right.status === 'active');
  t.deepEqual(world.auditLog.actions().slice(1), ['membership.suspended', 'membership.reinstated']);
});

test('reinstating an active member is refused', async (t) => {
  const world = createTestWorld();
  const { organization, owner, members } = await anOrganization(world, { bob: 'member' });
  t.is(outcome(await reinstateMember(world)(owner.auth, organization.id, members.bob.membership.id)()), 'InvalidMembershipTransition');
});

test('only a Platform Admin suspends the owner, who stays the one owner', async (t) => {
  const world = createTestWorld();
  const { organization, owner, members } = await anOrganization(world, { ada: 'admin' });
  const staff = await aPerson(world, 'staff', PLATFORM_ADMIN_ROLE);
  t.is(outcome(await suspendMember(world)(members.ada.auth, organization.id, owner.membership.id)()), 'OwnerProtected');
  t.is(outcome(await suspendMember(world)(owner.auth, organization.id, owner.membership.id)()), 'OwnerProtected');
  t.is(outcome(await suspendMember(world)(staff.auth, organization.id, owner.membership.id)()), 'Right');
  t.is(liveOwners(world, organization.id).length, 1);
  t.is(outcome(await reinstateMember(world)(staff.auth, organization.id, owner.membership.id)()), 'Right');
});

test('a coach cannot suspend anyone (no members.manage)', async (t) => {
  const world = createTestWorld();
  const { organization, members } = await anOrganization(world, { cole: 'coach', bob: 'member' });
  t.is(outcome(await suspendMember(world)(members.cole.auth, organization.id, members.bob.membership.id)()), 'Forbidden');
});
