import test from 'ava';
import * as E from 'fp-ts/lib/Either.js';
import { PLATFORM_ADMIN_ROLE } from '../identity/auth-payload.js';
import type { UserId } from '../identity/identifiers.js';
import type { OrganizationId } from '../organization/organization.js';
import { aPerson, anOrganization, createTestWorld, sessionOf } from '../testing/index.js';
import { authorize, mayGrant, seesRoster, type Actor } from './authorize.js';
import type { Capability } from './capability.js';
import type { Membership, MembershipId, Role } from './membership.js';

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
  t.is(
    tagOf(await authorize(world)(stranger.auth, '00000000-0000-4000-8000-00000000ffff' as OrganizationId, 'organization.read')()),
    'OrganizationNotFound',
  );
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

const AT = new Date('2026-01-01T00:00:00Z');
const USER = '00000000-0000-4000-8000-0000000000a1' as UserId;
const membershipAs = (role: Role): Membership => ({
  id: '00000000-0000-4000-8000-0000000000b1' as MembershipId,
  organizationId: '00000000-0000-4000-8000-0000000000c1' as OrganizationId,
  userId: USER,
  role,
  status: 'active',
  email: null,
  createdAt: AT,
  updatedAt: AT,
});
const ACTORS = {
  'an owner': { kind: 'member', userId: USER, platformAdmin: false, membership: membershipAs('owner') },
  'an admin': { kind: 'member', userId: USER, platformAdmin: false, membership: membershipAs('admin') },
  'a coach': { kind: 'member', userId: USER, platformAdmin: false, membership: membershipAs('coach') },
  'a member': { kind: 'member', userId: USER, platformAdmin: false, membership: membershipAs('member') },
  'a Platform Admin who is not a member': { kind: 'platform_admin', userId: USER, membership: null },
  'a Platform Admin who is an admin': { kind: 'member', userId: USER, platformAdmin: true, membership: membershipAs('admin') },
  'a Platform Admin who is a member': { kind: 'member', userId: USER, platformAdmin: true, membership: membershipAs('member') },
} satisfies Record<string, Actor>;
type ActorName = keyof typeof ACTORS;

const grantRule = test.macro({
  exec(t, actor: ActorName, capability: Capability, role: Role, expected: boolean) {
    t.is(mayGrant(ACTORS[actor], capability, role), expected);
  },
  title: (_provided, actor: ActorName, capability: Capability, role: Role, expected: boolean) =>
    `under ${capability}, ${actor} ${expected ? 'may' : 'may not'} grant ${role}`,
});

// Below one's own rank; `owner` never (only a transfer moves it). A Platform Admin grants any other
// role only under a capability Platform Admins hold (`members.manage`, a role change); under
// `members.invite` they grant by their own membership like anyone.
const GRANTS: readonly [ActorName, Capability, Role, boolean][] = [
  ['an owner', 'members.invite', 'admin', true],
  ['an owner', 'members.invite', 'owner', false],
  ['an admin', 'members.invite', 'admin', false],
  ['an admin', 'members.invite', 'coach', true],
  ['an admin', 'members.manage', 'admin', false],
  ['an admin', 'members.manage', 'member', true],
  ['a coach', 'members.invite', 'member', true],
  ['a Platform Admin who is not a member', 'members.invite', 'member', false],
  ['a Platform Admin who is an admin', 'members.invite', 'admin', false],
  ['a Platform Admin who is an admin', 'members.invite', 'coach', true],
  ['a Platform Admin who is not a member', 'members.manage', 'admin', true],
  ['a Platform Admin who is not a member', 'members.manage', 'owner', false],
  ['a Platform Admin who is an admin', 'members.manage', 'admin', true],
  ['a Platform Admin who is a member', 'members.manage', 'admin', true],
];
for (const [actor, capability, role, expected] of GRANTS) test(grantRule, actor, capability, role, expected);

const rosterRule = test.macro({
  exec(t, actor: ActorName, expected: boolean) {
    t.is(seesRoster(ACTORS[actor]), expected);
  },
  title: (_provided, actor: ActorName, expected: boolean) =>
    `${actor} ${expected ? 'sees the whole roster' : 'sees only their own membership'}`,
});

const ROSTER: readonly [ActorName, boolean][] = [
  ['an owner', true],
  ['an admin', true],
  ['a coach', true],
  ['a member', false],
  ['a Platform Admin who is not a member', true],
  ['a Platform Admin who is a member', true],
];
for (const [actor, expected] of ROSTER) test(rosterRule, actor, expected);
