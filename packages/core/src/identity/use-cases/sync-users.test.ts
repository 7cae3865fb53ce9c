import test from 'ava';
import * as E from 'fp-ts/lib/Either.js';
import * as O from 'fp-ts/lib/Option.js';
import type { Email } from '../email.js';
import type { IdpUserId, UserId } from '../identifiers.js';
import { inviteMember } from '../../invitation/use-cases/invite-member.js';
import { aProviderUser, anOrganization, createTestWorld, type TestWorld } from '../../testing/index.js';
import { handleUserCreated } from './handle-user-created.js';
import { handleUserDeleted } from './handle-user-deleted.js';
import { syncUsers, type SyncProgress, type SyncSummary } from './sync-users.js';

const T0 = 1_716_883_200_000;

const sync = async (world: TestWorld, options: Parameters<ReturnType<typeof syncUsers>>[0] = {}): Promise<SyncSummary> => {
  const result = await syncUsers(world)(options)();
  if (E.isLeft(result)) throw new Error('sync failed');
  return result.right;
};

const localOf = async (world: TestWorld, idpId: string) => O.toNullable(await world.users.findByIdpId(idpId as IdpUserId));

/** Users both sides agree on, each delivered by its webhook. */
const delivered = async (world: TestWorld, ...idpIds: string[]) => {
  for (const idpId of idpIds) {
    const snapshot = aProviderUser({ idpId, updatedAt: T0 });
    world.idpAdmin.put(snapshot);
    await handleUserCreated(world)(snapshot)();
  }
};

test('sync repairs missed webhooks: missing users created, stale ones updated, provider-deleted ones soft-deleted; the rest unchanged', async (t) => {
  const world = createTestWorld();
  await delivered(world, 'user_kept1', 'user_kept2', 'user_stale', 'user_gone');
  // Missed user.created, user.updated and user.deleted:
  world.idpAdmin.put(aProviderUser({ idpId: 'user_missing', updatedAt: T0 }));
  world.idpAdmin.put(aProviderUser({ idpId: 'user_stale', email: 'renamed@example.com', imageUrl: null, updatedAt: T0 + 5 }));
  world.idpAdmin.remove('user_gone' as IdpUserId);

  t.deepEqual(await sync(world), { created: 1, updated: 1, deleted: 1, invitationsAccepted: 0, unchanged: 2, stopped: false });
  t.like(await localOf(world, 'user_missing'), { email: 'user_missing@example.com', idpUpdatedAt: T0, deletedAt: null });
  t.like(await localOf(world, 'user_stale'), { email: 'renamed@example.com', imageUrl: null, idpUpdatedAt: T0 + 5 });
  t.not((await localOf(world, 'user_gone'))?.deletedAt ?? null, null);
  t.deepEqual(world.idpAdmin.deleted, [], 'a provider-deleted user is soft-deleted locally, never deleted at the provider again');
  t.deepEqual(
    world.analytics.calls.filter((c) => c.event === 'user_signed_up').map((c) => c.idpUserId),
    ['user_kept1', 'user_kept2', 'user_stale', 'user_gone', 'user_missing'],
    'the created user counts as a sign-up, once',
  );

  t.deepEqual(
    await sync(world),
    { created: 0, updated: 0, deleted: 0, invitationsAccepted: 0, unchanged: 4, stopped: false },
    'a second run changes nothing',
  );
});

test('a user who signed up while webhooks failed gets the pending invitation for their verified email accepted', async (t) => {
  const world = createTestWorld();
  const { organization, owner } = await anOrganization(world, {});
  const invited = await inviteMember(world)(owner.auth, organization.id, { email: 'newbie@example.com' as Email, role: 'coach' })();
  if (E.isLeft(invited)) return t.fail(invited.left._tag);
  world.idpAdmin.put(aProviderUser({ idpId: 'user_newbie', email: 'newbie@example.com' }));

  const summary = await sync(world);
  t.like(summary, { created: 1, invitationsAccepted: 1 });
  const newbie = await localOf(world, 'user_newbie');
  t.like(
    world.memberships.all().find((m) => m.id === invited.right.membership.id),
    { status: 'active', role: 'coach', userId: newbie?.id },
  );
  t.is(world.invitations.all()[0]?.status, 'accepted');
  t.like(await sync(world), { created: 0, invitationsAccepted: 0 });
});

test('a local user missing from the listing is deleted only when the provider says it has no such user', async (t) => {
  const world = createTestWorld();
  await delivered(world, 'user_a', 'user_b');
  // The listing misses user_b (it moved between pages), but the provider still has it, newer.
  const listUsers = world.idpAdmin.listUsers.bind(world.idpAdmin);
  world.idpAdmin.listUsers = async (page) => (await listUsers(page)).filter((user) => user.idpId !== 'user_b');
  world.idpAdmin.put(aProviderUser({ idpId: 'user_b', email: 'b-new@example.com', updatedAt: T0 + 1 }));

  t.like(await sync(world), { deleted: 0, updated: 1, unchanged: 1 });
  t.like(await localOf(world, 'user_b'), { deletedAt: null, email: 'b-new@example.com' });
});

test('deleted stays deleted: a user soft-deleted locally whom the provider still lists is left alone', async (t) => {
  const world = createTestWorld();
  await delivered(world, 'user_left');
  await handleUserDeleted(world)('user_left' as IdpUserId)();
  world.idpAdmin.put(aProviderUser({ idpId: 'user_left', updatedAt: T0 + 9 }));
  t.like(await sync(world), { created: 0, updated: 0, unchanged: 1 });
  t.not((await localOf(world, 'user_left'))?.deletedAt ?? null, null);
});

test('an older provider snapshot than the stored row changes nothing (newer state wins, as for webhooks)', async (t) => {
  const world = createTestWorld();
  await delivered(world, 'user_fresh');
  world.idpAdmin.put(aProviderUser({ idpId: 'user_fresh', email: 'older@example.com', updatedAt: T0 - 1 }));
  t.like(await sync(world), { updated: 0, invitationsAccepted: 0 });
  t.is(String((await localOf(world, 'user_fresh'))?.email), 'user_fresh@example.com');
});

test('pages through the provider and the local store; progress after each page, with the provider count as total', async (t) => {
  const world = createTestWorld();
  await delivered(world, ...Array.from({ length: 7 }, (_, i) => `user_paged${i}`));
  for (let i = 0; i < 4; i++) world.idpAdmin.put(aProviderUser({ idpId: `user_new${i}` }));
  const progress: SyncProgress[] = [];
  const summary = await sync(world, { pageSize: 3, onProgress: (p) => progress.push(p) });
  t.like(summary, { created: 4, unchanged: 7 });
  t.deepEqual(progress, [
    { phase: 'provider', done: 3, total: 11 },
    { phase: 'provider', done: 6, total: 11 },
    { phase: 'provider', done: 9, total: 11 },
    { phase: 'provider', done: 11, total: 11 },
    { phase: 'local', done: 3, total: null },
    { phase: 'local', done: 6, total: null },
    { phase: 'local', done: 9, total: null },
    { phase: 'local', done: 11, total: null },
  ]);
});

test('a run asked to stop ends between pages and says so; the next run finishes the work', async (t) => {
  const world = createTestWorld();
  for (let i = 0; i < 5; i++) world.idpAdmin.put(aProviderUser({ idpId: `user_late${i}` }));
  let pages = 0;
  const first = await sync(world, { pageSize: 2, onProgress: () => void (pages += 1), stopRequested: () => pages >= 1 });
  t.deepEqual(first, { created: 2, updated: 0, deleted: 0, invitationsAccepted: 0, unchanged: 0, stopped: true });
  t.like(await sync(world, { pageSize: 2 }), { created: 3, unchanged: 2, stopped: false });
});

test('a provider outage rejects (a defect) and changes nothing', async (t) => {
  const world = createTestWorld();
  world.idpAdmin.put(aProviderUser({ idpId: 'user_unseen' }));
  world.idpAdmin.unavailable = true;
  await t.throwsAsync(syncUsers(world)(), { message: /identity provider unavailable/ });
  t.deepEqual(world.users.all(), []);
});

test('invitations are accepted through the arrival path only: a known user with a pending invitation keeps it', async (t) => {
  const world = createTestWorld();
  await delivered(world, 'user_known');
  const { organization, owner } = await anOrganization(world, {});
  // Path 2: the invitee already has an account; accepting is theirs to do.
  const invited = await inviteMember(world)(owner.auth, organization.id, { email: 'user_known@example.com' as Email, role: 'member' })();
  if (E.isLeft(invited)) return t.fail(invited.left._tag);
  t.like(await sync(world), { invitationsAccepted: 0 });
  t.is(world.invitations.all()[0]?.status, 'pending');
});

const invitePath1 = async (world: TestWorld, email: string) => {
  const { organization, owner } = await anOrganization(world, {});
  const invited = await inviteMember(world)(owner.auth, organization.id, { email: email as Email, role: 'member' })();
  if (E.isLeft(invited)) throw new Error(invited.left._tag);
  return invited.right;
};

test('a user whose address was verified while webhooks failed gets the path-1 invitation waiting for it accepted', async (t) => {
  const world = createTestWorld();
  const { membership } = await invitePath1(world, 'later@example.com');
  await handleUserCreated(world)(aProviderUser({ idpId: 'user_later', email: 'later@example.com', emailVerified: false, updatedAt: T0 }))();
  world.idpAdmin.put(aProviderUser({ idpId: 'user_later', email: 'later@example.com', emailVerified: true, updatedAt: T0 + 5 }));
  t.like(await sync(world), { updated: 1, invitationsAccepted: 1 });
  t.is(world.memberships.all().find((m) => m.id === membership.id)?.status, 'active');
});

test('a row whose verification state is unknown is refreshed from the provider even at the same updated_at, and only then accepts', async (t) => {
  const world = createTestWorld();
  const { membership } = await invitePath1(world, 'legacy@example.com');
  const snapshot = aProviderUser({ idpId: 'user_legacy', email: 'legacy@example.com', updatedAt: T0 });
  world.idpAdmin.put(snapshot);
  const { user } = await world.users.syncFromProvider(snapshot, world.ids.uuid() as UserId);
  world.users.seed({ ...user, emailVerified: null });
  t.like(await sync(world), { updated: 1, invitationsAccepted: 1 });
  t.is((await localOf(world, 'user_legacy'))?.emailVerified, true);
  t.is(world.memberships.all().find((m) => m.id === membership.id)?.status, 'active');
  t.like(await sync(world), { updated: 0, invitationsAccepted: 0 });
});

test('an unverified provider user is mirrored as unverified and accepts nothing', async (t) => {
  const world = createTestWorld();
  await invitePath1(world, 'unsure@example.com');
  world.idpAdmin.put(aProviderUser({ idpId: 'user_unsure', email: 'unsure@example.com', emailVerified: false, updatedAt: T0 }));
  t.like(await sync(world), { created: 1, invitationsAccepted: 0 });
  t.is((await localOf(world, 'user_unsure'))?.emailVerified, false);
  t.is(world.invitations.all()[0]?.status, 'pending');
});
