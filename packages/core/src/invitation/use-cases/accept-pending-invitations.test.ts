import test from 'ava';
import * as E from 'fp-ts/lib/Either.js';
import type { Email } from '../../identity/email.js';
import type { UserId } from '../../identity/identifiers.js';
import { handleUserCreated } from '../../identity/use-cases/handle-user-created.js';
import { handleUserUpdated } from '../../identity/use-cases/handle-user-updated.js';
import { aProviderUser, anOrganization, createTestWorld } from '../../testing/index.js';
import { inviteMember } from './invite-member.js';

const invitePath1 = async (world: ReturnType<typeof createTestWorld>, email: string) => {
  const { organization, owner } = await anOrganization(world, {});
  const created = await inviteMember(world)(owner.auth, organization.id, { email: email as Email, role: 'coach' })();
  if (E.isLeft(created)) throw new Error(created.left._tag);
  return created.right;
};

test('user.created with a verified primary email claims the matching invitation (case-insensitive) and activates the membership', async (t) => {
  const world = createTestWorld();
  const { membership } = await invitePath1(world, 'newbie@example.com');
  const snapshot = aProviderUser({ idpId: 'user_newbie', email: 'NewBie@Example.com'.toLowerCase() });
  const sync = await handleUserCreated(world)(snapshot)();
  if (E.isLeft(sync)) return t.fail();
  t.like(
    world.memberships.all().find((m) => m.id === membership.id),
    { status: 'active', role: 'coach', userId: sync.right.user.id },
  );
  t.is(world.invitations.all()[0]?.status, 'accepted');
});

test('a replay claims nothing', async (t) => {
  const world = createTestWorld();
  await invitePath1(world, 'newbie@example.com');
  const { user } = await world.users.syncFromProvider(
    aProviderUser({ idpId: 'user_newbie', email: 'newbie@example.com' }),
    world.ids.uuid() as UserId,
  );
  t.deepEqual(await world.acceptPendingInvitations({ user })(), E.right({ accepted: 1 }));
  t.deepEqual(await world.acceptPendingInvitations({ user })(), E.right({ accepted: 0 }));
  t.is(world.auditLog.actions().filter((a) => a === 'invitation.accepted').length, 1);
});

test('an unverified email claims nothing', async (t) => {
  const world = createTestWorld();
  const { membership } = await invitePath1(world, 'newbie@example.com');
  await handleUserCreated(world)(aProviderUser({ idpId: 'user_newbie', email: 'newbie@example.com', emailVerified: false }))();
  t.is(world.invitations.all()[0]?.status, 'pending');
  t.is(world.memberships.all().find((m) => m.id === membership.id)?.status, 'invited');
});

test('an expired invitation is not claimed; it is moved to expired', async (t) => {
  const world = createTestWorld();
  await invitePath1(world, 'newbie@example.com');
  world.clock.advance(8 * 86_400_000);
  const { user } = await world.users.syncFromProvider(
    aProviderUser({ idpId: 'user_newbie', email: 'newbie@example.com' }),
    world.ids.uuid() as UserId,
  );
  t.deepEqual(await world.acceptPendingInvitations({ user })(), E.right({ accepted: 0 }));
  t.is(world.invitations.all()[0]?.status, 'expired');
});

test('a pending_invitation made for another account is left to that account', async (t) => {
  const world = createTestWorld();
  world.idpAdmin.put(aProviderUser({ idpId: 'user_first', email: 'shared@example.com' }));
  await invitePath1(world, 'shared@example.com');
  const { user } = await world.users.syncFromProvider(
    aProviderUser({ idpId: 'user_second', email: 'shared@example.com' }),
    world.ids.uuid() as UserId,
  );
  t.deepEqual(await world.acceptPendingInvitations({ user })(), E.right({ accepted: 0 }));
});

test('a user.updated that keeps the same verified address accepts nothing', async (t) => {
  const world = createTestWorld();
  await handleUserCreated(world)(aProviderUser({ idpId: 'user_stayer', email: 'stayer@example.com', updatedAt: 1 }))();
  await invitePath1(world, 'stayer@example.com');
  await handleUserUpdated(world)(aProviderUser({ idpId: 'user_stayer', email: 'stayer@example.com', updatedAt: 2 }))();
  t.is(world.invitations.all()[0]?.status, 'pending');
});

test('the user.updated that first reports the primary email verified accepts the path-1 invitation waiting for it', async (t) => {
  const world = createTestWorld();
  const { membership } = await invitePath1(world, 'late@example.com');
  await handleUserCreated(world)(aProviderUser({ idpId: 'user_late', email: 'late@example.com', emailVerified: false, updatedAt: 1 }))();
  t.is(world.invitations.all()[0]?.status, 'pending');
  await handleUserUpdated(world)(aProviderUser({ idpId: 'user_late', email: 'late@example.com', emailVerified: true, updatedAt: 2 }))();
  t.is(world.invitations.all()[0]?.status, 'accepted');
  t.like(
    world.memberships.all().find((m) => m.id === membership.id),
    { status: 'active', role: 'coach' },
  );
});

test('a user.updated that makes another verified address primary accepts the invitations for that address', async (t) => {
  const world = createTestWorld();
  await handleUserCreated(world)(aProviderUser({ idpId: 'user_mover', email: 'old@example.com', updatedAt: 1 }))();
  await invitePath1(world, 'new@example.com');
  await handleUserUpdated(world)(aProviderUser({ idpId: 'user_mover', email: 'new@example.com', updatedAt: 2 }))();
  t.is(world.invitations.all()[0]?.status, 'accepted');
});

test('an older user.updated reporting the address verified accepts nothing: the newer unverified state stands', async (t) => {
  const world = createTestWorld();
  await invitePath1(world, 'late@example.com');
  await handleUserCreated(world)(aProviderUser({ idpId: 'user_late', email: 'late@example.com', emailVerified: false, updatedAt: 5 }))();
  await handleUserUpdated(world)(aProviderUser({ idpId: 'user_late', email: 'late@example.com', emailVerified: true, updatedAt: 4 }))();
  t.is(world.invitations.all()[0]?.status, 'pending');
});

test('a retried user.created of a path-2 invitee leaves the pending_invitation to be accepted in-app', async (t) => {
  const world = createTestWorld();
  world.idpAdmin.put(aProviderUser({ idpId: 'user_known', email: 'known@example.com' }));
  const { membership } = await invitePath1(world, 'known@example.com');
  t.is(membership.status, 'pending_invitation');
  const replay = await handleUserCreated(world)(aProviderUser({ idpId: 'user_known', email: 'known@example.com' }))();
  t.true(E.isRight(replay));
  t.is(world.invitations.all()[0]?.status, 'pending');
  t.is(world.memberships.all().find((m) => m.id === membership.id)?.status, 'pending_invitation');
});

test('an unknown verification state (a row stored before it was kept) claims nothing', async (t) => {
  const world = createTestWorld();
  await invitePath1(world, 'legacy@example.com');
  const { user } = await world.users.syncFromProvider(
    aProviderUser({ idpId: 'user_legacy', email: 'legacy@example.com' }),
    world.ids.uuid() as UserId,
  );
  t.deepEqual(await world.acceptPendingInvitations({ user: { ...user, emailVerified: null } })(), E.right({ accepted: 0 }));
  t.is(world.invitations.all()[0]?.status, 'pending');
});

test('a user.updated that overtook its user.created is the arrival: it accepts the pending invitation', async (t) => {
  const world = createTestWorld();
  const { membership } = await invitePath1(world, 'early@example.com');
  await handleUserUpdated(world)(aProviderUser({ idpId: 'user_early', email: 'early@example.com' }))();
  t.is(world.invitations.all()[0]?.status, 'accepted');
  t.like(
    world.memberships.all().find((m) => m.id === membership.id),
    { status: 'active' },
  );
});

test('the store said no invitation is pending: no lookup; it said yes or nothing: the invitations are looked up and claimed', async (t) => {
  const world = createTestWorld();
  await invitePath1(world, 'newbie@example.com');
  const { user } = await world.users.syncFromProvider(
    aProviderUser({ idpId: 'user_newbie', email: 'newbie@example.com' }),
    world.ids.uuid() as UserId,
  );
  let lookups = 0;
  const listPendingForEmail = world.invitations.listPendingForEmail.bind(world.invitations);
  world.invitations.listPendingForEmail = (email) => {
    lookups += 1;
    return listPendingForEmail(email);
  };
  t.deepEqual(await world.acceptPendingInvitations({ user, invitationsPending: false })(), E.right({ accepted: 0 }));
  t.is(lookups, 0);
  t.is(world.invitations.all()[0]?.status, 'pending');
  t.deepEqual(await world.acceptPendingInvitations({ user, invitationsPending: true })(), E.right({ accepted: 1 }));
  t.is(lookups, 1);
});

test('user.created passes on what the store answered about pending invitations', async (t) => {
  const world = createTestWorld();
  await invitePath1(world, 'newbie@example.com');
  const syncFromProvider = world.users.syncFromProvider.bind(world.users);
  world.users.syncFromProvider = async (snapshot, newId) => ({ ...(await syncFromProvider(snapshot, newId)), invitationsPending: false });
  await handleUserCreated(world)(aProviderUser({ idpId: 'user_newbie', email: 'newbie@example.com' }))();
  t.is(world.invitations.all()[0]?.status, 'pending', 'a store that answered false is believed');
});
