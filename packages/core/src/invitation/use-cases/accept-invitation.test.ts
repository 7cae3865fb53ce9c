import test from 'ava';
import * as E from 'fp-ts/lib/Either.js';
import type { Email } from '../../identity/email.js';
import { aPerson, anOrganization, aProviderUser, createTestWorld, outcome, sessionOf, type TestWorld } from '../../testing/index.js';
import type { UserId } from '../../identity/identifiers.js';
import { declineInvitation } from './decline-invitation.js';
import { listMyInvitations } from './list-my-invitations.js';
import type { InvitationId } from '../invitation.js';
import { acceptInvitation } from './accept-invitation.js';
import { inviteMember } from './invite-member.js';
import { resendInvitation } from './resend-invitation.js';

const invite = async (world: TestWorld, email: string, role: 'member' | 'coach' = 'coach') => {
  const { organization, owner } = await anOrganization(world, {});
  const created = await inviteMember(world)(owner.auth, organization.id, { email: email as Email, role })();
  if (E.isLeft(created)) throw new Error(created.left._tag);
  return { organization, owner, ...created.right };
};

test('path 2: the invitee accepts in-app by invitation id; the membership becomes active with the invited role', async (t) => {
  const world = createTestWorld();
  const ivy = await aPerson(world, 'ivy');
  const { invitation, membership } = await invite(world, 'ivy@example.com');
  const result = await acceptInvitation(world)(ivy.auth, { invitationId: invitation.id })();
  t.true(E.isRight(result));
  t.like(
    world.memberships.all().find((m) => m.id === membership.id),
    { status: 'active', role: 'coach', userId: ivy.user.id },
  );
  t.is(world.invitations.all()[0]?.status, 'accepted');
  t.like(world.auditLog.all().at(-1), { action: 'invitation.accepted', actorUserId: ivy.user.id });
});

test('path 1: the holder of the invited address accepts with the token', async (t) => {
  const world = createTestWorld();
  const { token, membership } = await invite(world, 'later@example.com');
  const later = await aPerson(world, 'later');
  t.is(outcome(await acceptInvitation(world)(later.auth, { token })()), 'Right');
  t.like(
    world.memberships.all().find((m) => m.id === membership.id),
    { status: 'active', userId: later.user.id },
  );
});

test('accepting requires being the invitee', async (t) => {
  const world = createTestWorld();
  await aPerson(world, 'ivy');
  const mallory = await aPerson(world, 'mallory');
  const { invitation, token } = await invite(world, 'ivy@example.com');
  t.is(outcome(await acceptInvitation(world)(mallory.auth, { invitationId: invitation.id })()), 'NotTheInvitee');
  t.is(outcome(await acceptInvitation(world)(mallory.auth, { token })()), 'NotTheInvitee');
  t.is(world.invitations.all()[0]?.status, 'pending');
});

test('a tampered or unknown token is an InvalidInvitationToken; an unknown id InvitationNotFound', async (t) => {
  const world = createTestWorld();
  const ivy = await aPerson(world, 'ivy');
  const { token } = await invite(world, 'ivy@example.com');
  t.is(outcome(await acceptInvitation(world)(ivy.auth, { token: `${token}0` })()), 'InvalidInvitationToken');
  t.is(outcome(await acceptInvitation(world)(ivy.auth, { token: 'garbage' })()), 'InvalidInvitationToken');
  t.is(
    outcome(await acceptInvitation(world)(ivy.auth, { invitationId: '00000000-0000-4000-8000-00000000dead' as InvitationId })()),
    'InvitationNotFound',
  );
});

test('resend invalidates the old token and resets the expiry', async (t) => {
  const world = createTestWorld();
  const ivy = await aPerson(world, 'ivy');
  const { organization, owner, invitation, token: oldToken } = await invite(world, 'ivy@example.com');
  world.clock.advance(6 * 86_400_000);
  const resent = await resendInvitation(world)(owner.auth, organization.id, invitation.id)();
  if (E.isLeft(resent)) return t.fail(resent.left._tag);
  t.deepEqual(resent.right.invitation.expiresAt, new Date(world.clock.now().getTime() + 7 * 86_400_000));
  t.is(world.auditLog.actions().at(-1), 'invitation.resent');
  world.clock.advance(2 * 86_400_000);
  t.is(outcome(await acceptInvitation(world)(ivy.auth, { token: oldToken })()), 'InvalidInvitationToken');
  t.is(outcome(await acceptInvitation(world)(ivy.auth, { token: resent.right.token })()), 'Right');
});

test('an expired invitation is moved to expired and answers InvitationExpired; its membership is cancelled', async (t) => {
  const world = createTestWorld();
  const ivy = await aPerson(world, 'ivy');
  const { invitation, membership } = await invite(world, 'ivy@example.com');
  world.clock.advance(7 * 86_400_000);
  t.is(outcome(await acceptInvitation(world)(ivy.auth, { invitationId: invitation.id })()), 'InvitationExpired');
  t.is(world.invitations.all()[0]?.status, 'expired');
  t.is(world.memberships.all().find((m) => m.id === membership.id)?.status, 'cancelled');
  t.is(world.auditLog.actions().at(-1), 'invitation.expired');
  t.is(outcome(await acceptInvitation(world)(ivy.auth, { invitationId: invitation.id })()), 'InvitationExpired');
});

test('two concurrent accepts: exactly one wins, the other gets InvitationNotPending', async (t) => {
  const world = createTestWorld();
  const ivy = await aPerson(world, 'ivy');
  const { invitation } = await invite(world, 'ivy@example.com');
  const results = await Promise.all([
    acceptInvitation(world)(ivy.auth, { invitationId: invitation.id })(),
    acceptInvitation(world)(ivy.auth, { invitationId: invitation.id })(),
  ]);
  t.deepEqual(results.map(outcome).sort(), ['InvitationNotPending', 'Right']);
  t.is(world.auditLog.actions().filter((a) => a === 'invitation.accepted').length, 1);
});

test('accepting again after acceptance is InvitationNotPending', async (t) => {
  const world = createTestWorld();
  const ivy = await aPerson(world, 'ivy');
  const { invitation } = await invite(world, 'ivy@example.com');
  await acceptInvitation(world)(ivy.auth, { invitationId: invitation.id })();
  t.is(outcome(await acceptInvitation(world)(ivy.auth, { invitationId: invitation.id })()), 'InvitationNotPending');
});

test('resending a path-1 invitation mails a new provider invitation and revokes the old one', async (t) => {
  const world = createTestWorld();
  const { organization, owner, invitation } = await invite(world, 'newcomer@example.com');
  const firstMail = world.idpAdmin.invitations[0]!;
  t.is(invitation.providerInvitationId, firstMail.id);
  const resent = await resendInvitation(world)(owner.auth, organization.id, invitation.id)();
  if (E.isLeft(resent)) return t.fail(resent.left._tag);
  const secondMail = world.idpAdmin.invitations[1]!;
  t.like(secondMail, { email: 'newcomer@example.com', publicMetadata: { invitationId: invitation.id } });
  t.deepEqual(world.idpAdmin.revokedInvitationIds, [firstMail.id]);
  t.is(world.invitations.all()[0]?.providerInvitationId, secondMail.id);
});

test('a path-2 resend mails nothing through the provider (the invitee accepts in-app)', async (t) => {
  const world = createTestWorld();
  await aPerson(world, 'ivy');
  const { organization, owner, invitation } = await invite(world, 'ivy@example.com');
  t.true(E.isRight(await resendInvitation(world)(owner.auth, organization.id, invitation.id)()));
  t.deepEqual(world.idpAdmin.invitations, []);
  t.deepEqual(world.idpAdmin.revokedInvitationIds, []);
});

/** Someone who signed up with `<name>@example.com` at the provider without verifying it. */
const anUnverifiedSignUp = async (world: TestWorld, name: string) => {
  const snapshot = aProviderUser({ idpId: `user_${name}`, email: `${name}@example.com`, emailVerified: false });
  world.idpAdmin.put(snapshot);
  const { user } = await world.users.syncFromProvider(snapshot, world.ids.uuid() as UserId);
  return { user, auth: sessionOf(user) };
};

test('an unverified holder of the invited address sees no invitation and cannot accept or decline it (EmailNotVerified)', async (t) => {
  const world = createTestWorld();
  const { invitation, token, membership } = await invite(world, 'squatter@example.com', 'coach');
  t.is(membership.status, 'invited');
  const squatter = await anUnverifiedSignUp(world, 'squatter');
  t.deepEqual(await listMyInvitations(world)(squatter.auth)(), E.right({ items: [] }));
  t.is(outcome(await acceptInvitation(world)(squatter.auth, { invitationId: invitation.id })()), 'EmailNotVerified');
  t.is(outcome(await acceptInvitation(world)(squatter.auth, { token })()), 'EmailNotVerified');
  t.is(outcome(await declineInvitation(world)(squatter.auth, { invitationId: invitation.id })()), 'EmailNotVerified');
  t.is(outcome(await declineInvitation(world)(squatter.auth, { token })()), 'EmailNotVerified');
  t.is(world.invitations.all()[0]?.status, 'pending');
  t.like(
    world.memberships.all().find((m) => m.id === membership.id),
    { status: 'invited', userId: null },
  );
});

test('once the address is verified the same person lists, and accepts, the invitation', async (t) => {
  const world = createTestWorld();
  const { invitation } = await invite(world, 'slow@example.com', 'coach');
  const slow = await anUnverifiedSignUp(world, 'slow');
  t.is(outcome(await acceptInvitation(world)(slow.auth, { invitationId: invitation.id })()), 'EmailNotVerified');
  const { user } = await world.users.syncFromProvider(
    aProviderUser({ idpId: 'user_slow', email: 'slow@example.com', updatedAt: 1_716_883_300_000 }),
    world.ids.uuid() as UserId,
  );
  const mine = await listMyInvitations(world)(sessionOf(user))();
  t.deepEqual(E.isRight(mine) ? mine.right.items.map((item) => item.id) : [], [invitation.id]);
  t.is(outcome(await acceptInvitation(world)(sessionOf(user), { invitationId: invitation.id })()), 'Right');
});

test('a caller whose verification state is unknown cannot accept (only a known verified address counts)', async (t) => {
  const world = createTestWorld();
  const ivy = await aPerson(world, 'ivy');
  const { invitation } = await invite(world, 'ivy@example.com');
  const unknown = sessionOf({ ...ivy.user, emailVerified: null });
  t.is(outcome(await acceptInvitation(world)(unknown, { invitationId: invitation.id })()), 'EmailNotVerified');
  t.deepEqual(await listMyInvitations(world)(unknown)(), E.right({ items: [] }));
});
