import test from 'ava';
import * as E from 'fp-ts/lib/Either.js';
import { aPerson, createTestWorld, liveOwners, outcome, sessionOf } from '../../testing/index.js';
import type { OrganizationName } from '../organization.js';
import { createOrganization } from './create-organization.js';
import { getOrganization } from './get-organization.js';

const NAME = 'Iron Gym' as OrganizationName;

test('the creator becomes the one active owner, audited as organization.created', async (t) => {
  const world = createTestWorld();
  const ada = await aPerson(world, 'ada');
  const result = await createOrganization(world)(ada.auth, { name: NAME })();
  if (E.isLeft(result)) return t.fail(result.left._tag);
  const { organization, membership } = result.right;
  t.like(membership, { organizationId: organization.id, userId: ada.user.id, role: 'owner', status: 'active' });
  t.deepEqual(
    liveOwners(world, organization.id).map((m) => m.id),
    [membership.id],
  );
  t.deepEqual(world.auditLog.actions(), ['organization.created']);
  t.like(world.auditLog.all()[0], { actorUserId: ada.user.id, targetType: 'organization', targetId: organization.id });
  t.deepEqual(await world.memberships.listForUser(ada.user.id), [
    { id: membership.id, organizationId: organization.id, organizationName: 'Iron Gym', role: 'owner', status: 'active' },
  ]);
});

test('a caller without a local user gets UserNotFound; a deleted one UserDeleted', async (t) => {
  const world = createTestWorld();
  const ada = await aPerson(world, 'ada');
  t.is(outcome(await createOrganization(world)({ ...ada.auth, user: null }, { name: NAME })()), 'UserNotFound');
  t.is(outcome(await createOrganization(world)(sessionOf({ ...ada.user, deletedAt: world.clock.now() }), { name: NAME })()), 'UserDeleted');
  t.deepEqual(world.organizations.all(), []);
});

test('every member reads the organization; a stranger gets OrganizationNotFound', async (t) => {
  const world = createTestWorld();
  const ada = await aPerson(world, 'ada');
  const stranger = await aPerson(world, 'stranger');
  const created = await createOrganization(world)(ada.auth, { name: NAME })();
  if (E.isLeft(created)) return t.fail();
  const read = await getOrganization(world)(ada.auth, created.right.organization.id)();
  t.deepEqual(read, E.right(created.right.organization));
  t.is(outcome(await getOrganization(world)(stranger.auth, created.right.organization.id)()), 'OrganizationNotFound');
});

const slugOf = async (
  world: ReturnType<typeof createTestWorld>,
  auth: Parameters<ReturnType<typeof createOrganization>>[0],
  name: string,
): Promise<string> => {
  const result = await createOrganization(world)(auth, { name: name as OrganizationName })();
  if (E.isLeft(result)) throw new Error(result.left._tag);
  return result.right.organization.slug;
};

test('an organization gets a slug from its name; the same name again gets the next free suffix', async (t) => {
  const world = createTestWorld();
  const ada = await aPerson(world, 'ada');
  t.is(await slugOf(world, ada.auth, 'Şişli Güç'), 'sisli-guc');
  t.is(await slugOf(world, ada.auth, 'Sisli Guc'), 'sisli-guc-2');
  t.is(await slugOf(world, ada.auth, 'ŞİŞLİ GÜÇ'), 'sisli-guc-3');
  t.like(world.auditLog.all()[0], { after: { slug: 'sisli-guc' } });
});

test('a name that is a reserved word, too short or without letters still gets a valid slug', async (t) => {
  const world = createTestWorld();
  const ada = await aPerson(world, 'ada');
  t.is(await slugOf(world, ada.auth, 'Admin'), 'admin-2');
  t.is(await slugOf(world, ada.auth, 'X'), 'x-2');
  t.is(await slugOf(world, ada.auth, '★★★'), 'organization');
});

test("a deleted organization's slug is never given to a new one", async (t) => {
  const world = createTestWorld();
  const ada = await aPerson(world, 'ada');
  const first = await createOrganization(world)(ada.auth, { name: NAME })();
  if (E.isLeft(first)) return t.fail(first.left._tag);
  t.true(await world.organizations.markDeleted(first.right.organization.id, world.clock.now()));
  t.is(await slugOf(world, ada.auth, 'Iron Gym'), 'iron-gym-2');
});

test('when every numbered slug is taken, a random suffix from the id generator is used', async (t) => {
  const world = createTestWorld();
  const ada = await aPerson(world, 'ada');
  const slugs: string[] = [];
  for (let i = 0; i < 10; i += 1) slugs.push(await slugOf(world, ada.auth, 'Iron Gym'));
  t.is(new Set(slugs).size, 10);
  t.regex(slugs[9] ?? '', /^iron-gym-[0-9a-f]{6}$/);
});
