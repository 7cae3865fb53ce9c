import test from 'ava';
import * as E from 'fp-ts/lib/Either.js';
import { PLATFORM_ADMIN_ROLE } from '../identity/auth-payload.js';
import type { OrganizationId } from '../organization/organization.js';
import { aPerson, anOrganization, createTestWorld, sessionOf } from '../testing/index.js';
import { authorize } from './authorize.js';

const tagOf = <A>(result: E.Either<{ _tag: string }, A>): string => (E.isLeft(result) ? result.left._tag : 'Right');

test('an active member with the capability is authorized as a member', async (t) => {
  const world = createTestWorld();
  const { organization, members } = await anOrganization(world, { ada: 'admin' });
  const result = await authorize(world)(members.ada.auth, organization.id, 'members.invite')();
  t.true(E.isRight(result) && result.right.actor.kind === 'member' && result.right.actor.membership.id === members.ada.membership.id);
});

test('a non-member gets OrganizationNotFound, like an organization that does not exist (no enumeration)', async (t) => {
  const world = createTestWorld();
  const { organization } = await anOrganization(world, {});
  const stranger = await aPerson(world, 'stranger');
  t.is(tagOf(await authorize(world)(stranger.auth, organization.id, 'organization.read')()), 'OrganizationNotFound');
  t.is(tagOf(await authorize(world)(stranger.auth, '00000000-0000-4000-8000-00000000ffff' as OrganizationId, 'organization.read')()), 'OrganizationNotFound');
});

test('a caller without a local user row has no memberships: OrganizationNotFound', async (t) => {
  const world = createTestWorld();
  const { organization, owner } = await anOrganization(world, {});
  t.is(tagOf(await authorize(world)({ ...owner.auth, user: null }, organization.id, 'organization.read')()), 'OrganizationNotFound');
});

test('a soft-deleted caller gets UserDeleted', async (t) => {
  const world = createTestWorld();
  const { organization, owner } = await anOrganization(world, {});
  const deleted = { ...owner.user, deletedAt: world.clock.now() };
  t.is(tagOf(await authorize(world)(sessionOf(deleted), organization.id, 'organization.read')()), 'UserDeleted');
});

test('suspended, cancelled and invited memberships hold no capabilities: Forbidden', async (t) => {
  const world = createTestWorld();
  const { organization, members } = await anOrganization(world, {
    sus: { role: 'admin', status: 'suspended' },
    gone: { role: 'admin', status: 'cancelled' },
    wait: { role: 'admin', status: 'pending_invitation' },
  });
  for (const member of [members.sus, members.gone, members.wait]) {
    t.is(tagOf(await authorize(world)(member.auth, organization.id, 'organization.read')()), 'Forbidden');
  }
});

test('an active member without the capability gets Forbidden', async (t) => {
  const world = createTestWorld();
  const { organization, members } = await anOrganization(world, { bob: 'member' });
  t.is(tagOf(await authorize(world)(members.bob.auth, organization.id, 'members.list')()), 'Forbidden');
});

test('a Platform Admin holds the owner-protected capabilities without being a member, and nothing else', async (t) => {
  const world = createTestWorld();
  const { organization } = await anOrganization(world, {});
  const staff = await aPerson(world, 'staff', PLATFORM_ADMIN_ROLE);
  const transfer = await authorize(world)(staff.auth, organization.id, 'ownership.transfer')();
  t.true(E.isRight(transfer) && transfer.right.actor.kind === 'platform_admin');
  t.is(tagOf(await authorize(world)(staff.auth, organization.id, 'members.manage')()), 'Right');
  t.is(tagOf(await authorize(world)(staff.auth, organization.id, 'billing.manage')()), 'Forbidden');
  t.is(tagOf(await authorize(world)(staff.auth, organization.id, 'compliance.read')()), 'Forbidden');
});

test('the role comes from the membership, never from the session role claim', async (t) => {
  const world = createTestWorld();
  const { organization, members } = await anOrganization(world, { bob: 'member' });
  const claimsOwner = sessionOf(members.bob.user, 'owner');
  t.is(tagOf(await authorize(world)(claimsOwner, organization.id, 'organization.delete')()), 'Forbidden');
});
