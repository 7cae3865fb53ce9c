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
