import test from 'ava';
import * as E from 'fp-ts/lib/Either.js';
import type { AuthPayload } from '../auth-payload.js';
import type { IdpUserId, UserId } from '../identifiers.js';
import { inviteMember } from '../../invitation/use-cases/invite-member.js';
import { aProviderUser, anOrganization, createTestWorld } from '../../testing/index.js';
import type { Email } from '../email.js';
import { getMe } from './get-me.js';

const SUBJECT = 'user_2g7np7Hrk0SN6kj5EDMLDaKNL0S' as IdpUserId;
const session = (user: AuthPayload['user']): AuthPayload => ({ userId: SUBJECT, sessionId: 'sess_1', user });

test('returns the caller and their memberships', async (t) => {
  const world = createTestWorld();
  const { user } = await world.users.syncFromProvider(aProviderUser({ idpId: SUBJECT }), '00000000-0000-4000-8000-0000000000aa' as UserId);
  const membership = { id: 'm1', organizationId: 'o1', organizationName: 'Iron Gym', role: 'coach', status: 'active' } as const;
  world.memberships.add(user.id, membership);
  t.deepEqual(await getMe(world)(session(user))(), E.right({ user, memberships: [membership] }));
});

test('cancelled memberships are omitted from /users/me', async (t) => {
  const world = createTestWorld();
  const { user } = await world.users.syncFromProvider(aProviderUser({ idpId: SUBJECT }), '00000000-0000-4000-8000-0000000000aa' as UserId);
  const live = { id: 'm1', organizationId: 'o1', organizationName: 'Iron Gym', role: 'coach', status: 'suspended' } as const;
  world.memberships.add(user.id, live);
  world.memberships.add(user.id, { id: 'm2', organizationId: 'o2', organizationName: 'Chess Club', role: 'member', status: 'cancelled' });
  t.deepEqual(await getMe(world)(session(user))(), E.right({ user, memberships: [live] }));
});

test('the memberships authentication read with the user are answered without a second read', async (t) => {
  const world = createTestWorld();
  const { user } = await world.users.syncFromProvider(aProviderUser({ idpId: SUBJECT }), '00000000-0000-4000-8000-0000000000aa' as UserId);
  const live = { id: 'm1', organizationId: 'o1', organizationName: 'Iron Gym', role: 'coach', status: 'active' } as const;
  const left = { id: 'm2', organizationId: 'o2', organizationName: 'Chess Club', role: 'member', status: 'cancelled' } as const;
  world.memberships.listForUser = () => Promise.reject(new Error('a second read'));
  const result = await getMe(world)({ ...session(user), memberships: [live, left] })();
  t.deepEqual(result, E.right({ user, memberships: [live] }));
});

test('memberships read for another user than the one answered are not used', async (t) => {
  const world = createTestWorld();
  world.idpAdmin.put(aProviderUser({ idpId: SUBJECT }));
  const stale = { id: 'm9', organizationId: 'o9', organizationName: 'Stale', role: 'owner', status: 'active' } as const;
  const result = await getMe(world)({ ...session(null), memberships: [stale] })();
  t.deepEqual(E.isRight(result) ? result.right.memberships : undefined, []);
});

test('recovery path: a session without a local row creates it from the provider and counts the sign-up once', async (t) => {
  const world = createTestWorld();
  world.idpAdmin.put(aProviderUser({ idpId: SUBJECT, email: 'ada@example.com' }));
  const first = await getMe(world)(session(null))();
  const second = await getMe(world)(session(null))();
  t.true(E.isRight(first) && first.right.user.email === 'ada@example.com');
  t.deepEqual(second, first);
  t.is(world.users.all().length, 1);
  t.is(world.analytics.tracked('user_signed_up'), 1);
});

test('recovery path: a provider that no longer knows the user gives UserNotFound', async (t) => {
  const world = createTestWorld();
  const result = await getMe(world)(session(null))();
  t.true(E.isLeft(result) && result.left._tag === 'UserNotFound');
  t.is(world.users.all().length, 0);
});

test('a soft-deleted user gets UserDeleted and is not re-created by the recovery path', async (t) => {
  const world = createTestWorld();
  world.idpAdmin.put(aProviderUser({ idpId: SUBJECT }));
  const deleted = await world.users.markDeleted(
    aProviderUser({ idpId: SUBJECT }).idpId,
    world.clock.now(),
    '00000000-0000-4000-8000-0000000000bb' as UserId,
  );
  t.true(E.isLeft(await getMe(world)(session(deleted))()));
  const recovered = await getMe(world)(session(null))();
  t.true(E.isLeft(recovered) && recovered.left._tag === 'UserDeleted');
  t.is(world.analytics.tracked('user_signed_up'), 0);
});

test('a provider outage during recovery is a defect (rejects), not a domain error', async (t) => {
  const world = createTestWorld();
  world.idpAdmin.unavailable = true;
  await t.throwsAsync(getMe(world)(session(null))(), { message: /identity provider unavailable/ });
});

test('a row stored before the verification state was kept learns it from the provider on /users/me, and the invitation waiting for the verified address is accepted', async (t) => {
  const world = createTestWorld();
  const { organization, owner } = await anOrganization(world, {});
  const invited = await inviteMember(world)(owner.auth, organization.id, { email: 'legacy@example.com' as Email, role: 'coach' })();
  if (E.isLeft(invited)) return t.fail(invited.left._tag);
  const legacy = {
    id: '00000000-0000-4000-8000-0000000000bb' as UserId,
    idpId: SUBJECT,
    email: 'legacy@example.com' as Email,
    emailVerified: null,
    imageUrl: null,
    idpUpdatedAt: 5,
    deletedAt: null,
    locale: null,
  };
  world.users.seed(legacy);
  world.idpAdmin.put(aProviderUser({ idpId: SUBJECT, email: 'legacy@example.com', emailVerified: true, updatedAt: 5 }));
  const me = await getMe(world)(session(legacy))();
  if (E.isLeft(me)) return t.fail(me.left._tag);
  t.is(me.right.user.emailVerified, true);
  t.like(me.right.memberships, [{ organizationId: organization.id, role: 'coach', status: 'active' }]);
  t.is(world.invitations.all()[0]?.status, 'accepted');
});

test('a provider that cannot answer while an unknown verification state is learned leaves the row as it is and still answers /users/me', async (t) => {
  const world = createTestWorld();
  const legacy = {
    id: '00000000-0000-4000-8000-0000000000cc' as UserId,
    idpId: SUBJECT,
    email: 'legacy@example.com' as Email,
    emailVerified: null,
    imageUrl: null,
    idpUpdatedAt: 5,
    deletedAt: null,
    locale: null,
  };
  world.users.seed(legacy);
  world.idpAdmin.unavailable = true;
  t.deepEqual(await getMe(world)(session(legacy))(), E.right({ user: legacy, memberships: [] }));
});
