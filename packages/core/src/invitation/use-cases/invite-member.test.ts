import test from 'ava';
import * as E from 'fp-ts/lib/Either.js';
import { PLATFORM_ADMIN_ROLE } from '../../identity/auth-payload.js';
import type { Email } from '../../identity/email.js';
import { aPerson, aProviderUser, anOrganization, createTestWorld, FakeInviteTokens, outcome, sessionOf } from '../../testing/index.js';
import { inviteMember } from './invite-member.js';

const NEWCOMER = 'New.Comer@Example.com'.toLowerCase() as Email;

test('path 1: no provider account → invitation, provider invitation to {APP_URL}/sign-up with our id, invited membership without a user', async (t) => {
  const world = createTestWorld();
  const { organization, owner } = await anOrganization(world, {});
  const result = await inviteMember(world)(owner.auth, organization.id, { email: NEWCOMER, role: 'coach' })();
  if (E.isLeft(result)) return t.fail(result.left._tag);
  const { invitation, membership, token } = result.right;
  t.like(membership, { status: 'invited', userId: null, role: 'coach', email: NEWCOMER });
  t.like(invitation, { status: 'pending', role: 'coach', email: NEWCOMER, membershipId: membership.id, providerInvitationId: 'inv_fake1' });
  t.false('tokenHash' in invitation);
  t.is(world.invitations.all()[0]?.tokenHash, FakeInviteTokens.hashOf(token));
  t.deepEqual(invitation.expiresAt, new Date(world.clock.now().getTime() + 7 * 86_400_000));
  t.like(world.idpAdmin.invitations[0], {
    email: NEWCOMER,
    redirectUrl: 'https://app.example.test/sign-up',
    publicMetadata: { invitationId: invitation.id },
  });
  t.like(world.auditLog.all().at(-1), { action: 'invitation.created', actorUserId: owner.user.id, targetId: invitation.id });
});

test('path 2: the provider knows the address → pending_invitation membership for that user, no provider invitation', async (t) => {
  const world = createTestWorld();
  const { organization, owner } = await anOrganization(world, {});
  world.idpAdmin.put(aProviderUser({ idpId: 'user_known', email: 'known@example.com' }));
  const result = await inviteMember(world)(owner.auth, organization.id, { email: 'known@example.com' as Email, role: 'member' })();
  if (E.isLeft(result)) return t.fail(result.left._tag);
  const local = world.users.all().find((u) => u.idpId === 'user_known');
  t.truthy(local, 'the provider user is mirrored locally');
  t.like(result.right.membership, { status: 'pending_invitation', userId: local?.id });
  t.is(result.right.invitation.providerInvitationId, null);
  t.deepEqual(world.idpAdmin.invitations, []);
});

test('an active or suspended member cannot be invited again (AlreadyMember)', async (t) => {
  const world = createTestWorld();
  const { organization, owner } = await anOrganization(world, { bob: 'member', sus: { role: 'member', status: 'suspended' } });
  t.is(
    outcome(await inviteMember(world)(owner.auth, organization.id, { email: 'bob@example.com' as Email, role: 'coach' })()),
    'AlreadyMember',
  );
  t.is(
    outcome(await inviteMember(world)(owner.auth, organization.id, { email: 'sus@example.com' as Email, role: 'coach' })()),
    'AlreadyMember',
  );
});

test('a second invitation for a pending address is refused; once the first expires, a new one is allowed', async (t) => {
  const world = createTestWorld();
  const { organization, owner } = await anOrganization(world, {});
  const first = await inviteMember(world)(owner.auth, organization.id, { email: NEWCOMER, role: 'member' })();
  t.is(outcome(await inviteMember(world)(owner.auth, organization.id, { email: NEWCOMER, role: 'member' })()), 'InvitationAlreadyPending');
  world.clock.advance(8 * 86_400_000);
  t.is(outcome(await inviteMember(world)(owner.auth, organization.id, { email: NEWCOMER, role: 'member' })()), 'Right');
  const old = world.invitations.all().find((i) => E.isRight(first) && i.id === first.right.invitation.id);
  t.is(old?.status, 'expired');
  t.is(world.memberships.all().find((m) => m.id === old?.membershipId)?.status, 'cancelled');
});

test('an admin invites coaches and members, never admins; a coach cannot invite', async (t) => {
  const world = createTestWorld();
  const { organization, members } = await anOrganization(world, { ada: 'admin', cole: 'coach' });
  t.is(outcome(await inviteMember(world)(members.ada.auth, organization.id, { email: NEWCOMER, role: 'admin' })()), 'CannotGrantRole');
  t.is(outcome(await inviteMember(world)(members.ada.auth, organization.id, { email: NEWCOMER, role: 'owner' })()), 'CannotGrantRole');
  t.is(outcome(await inviteMember(world)(members.cole.auth, organization.id, { email: NEWCOMER, role: 'member' })()), 'Forbidden');
  t.is(outcome(await inviteMember(world)(members.ada.auth, organization.id, { email: NEWCOMER, role: 'coach' })()), 'Right');
});

test('a removed member can be invited again', async (t) => {
  const world = createTestWorld();
  const { organization, owner } = await anOrganization(world, { gone: { role: 'member', status: 'cancelled' } });
  t.is(outcome(await inviteMember(world)(owner.auth, organization.id, { email: 'gone@example.com' as Email, role: 'member' })()), 'Right');
});

test('path 2 only for a verified primary address: an unverified holder, or one holding it as a secondary address, gets path 1', async (t) => {
  const world = createTestWorld();
  const { organization, owner } = await anOrganization(world, {});
  world.idpAdmin.put(aProviderUser({ idpId: 'user_unverified', email: 'claimed@example.com', emailVerified: false }));
  const result = await inviteMember(world)(owner.auth, organization.id, { email: 'claimed@example.com' as Email, role: 'admin' })();
  if (E.isLeft(result)) return t.fail(result.left._tag);
  t.like(result.right.membership, { status: 'invited', userId: null });
  t.like(world.idpAdmin.invitations[0], { email: 'claimed@example.com' });
});

test('a provider user holding the invited address only as a secondary one is not the invitee: path 1, nobody mirrored', async (t) => {
  const world = createTestWorld();
  const { organization, owner } = await anOrganization(world, {});
  // The provider's lookup matches any address of a user; this one's primary address is another.
  world.idpAdmin.findUsersByEmail = async () => [aProviderUser({ idpId: 'user_secondary', email: 'someone-else@example.com' })];
  const result = await inviteMember(world)(owner.auth, organization.id, { email: 'rightful@example.com' as Email, role: 'member' })();
  if (E.isLeft(result)) return t.fail(result.left._tag);
  t.like(result.right.membership, { status: 'invited', userId: null });
  t.is(
    world.users.all().find((u) => u.idpId === 'user_secondary'),
    undefined,
  );
});

test('a Platform Admin invites by their own membership only: not as a non-member, and as an admin only below admin', async (t) => {
  const world = createTestWorld();
  const { organization, members } = await anOrganization(world, { ada: 'admin' });
  const staff = await aPerson(world, 'staff', PLATFORM_ADMIN_ROLE);
  t.is(outcome(await inviteMember(world)(staff.auth, organization.id, { email: NEWCOMER, role: 'member' })()), 'Forbidden');
  const adminStaff = sessionOf(members.ada.user, PLATFORM_ADMIN_ROLE);
  t.is(outcome(await inviteMember(world)(adminStaff, organization.id, { email: NEWCOMER, role: 'admin' })()), 'CannotGrantRole');
  t.is(outcome(await inviteMember(world)(adminStaff, organization.id, { email: NEWCOMER, role: 'coach' })()), 'Right');
});
