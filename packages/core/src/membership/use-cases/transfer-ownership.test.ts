import test from 'ava';
import * as E from 'fp-ts/lib/Either.js';
import { PLATFORM_ADMIN_ROLE } from '../../identity/auth-payload.js';
import { aPerson, anOrganization, createTestWorld, liveOwners, outcome } from '../../testing/index.js';
import { transferOwnership } from './transfer-ownership.js';

test('the owner transfers to an active member: the old owner becomes admin, exactly one owner after', async (t) => {
  const world = createTestWorld();
  const { organization, owner, members } = await anOrganization(world, { bob: 'member' });
  const result = await transferOwnership(world)(owner.auth, organization.id, { membershipId: members.bob.membership.id })();
  if (E.isLeft(result)) return t.fail(result.left._tag);
  t.like(result.right.previousOwner, { id: owner.membership.id, role: 'admin', status: 'active' });
  t.like(result.right.newOwner, { id: members.bob.membership.id, role: 'owner' });
  t.deepEqual(
    liveOwners(world, organization.id).map((m) => m.id),
    [members.bob.membership.id],
  );
  t.like(world.auditLog.all().at(-1), { action: 'ownership.transferred', targetId: members.bob.membership.id, actorUserId: owner.user.id });
});

test('an admin cannot transfer ownership', async (t) => {
  const world = createTestWorld();
  const { organization, members } = await anOrganization(world, { ada: 'admin', bob: 'member' });
  t.is(
    outcome(await transferOwnership(world)(members.ada.auth, organization.id, { membershipId: members.bob.membership.id })()),
    'Forbidden',
  );
});

test('a Platform Admin transfers without being a member', async (t) => {
  const world = createTestWorld();
  const { organization, members } = await anOrganization(world, { ada: 'admin' });
  const staff = await aPerson(world, 'staff', PLATFORM_ADMIN_ROLE);
  t.is(outcome(await transferOwnership(world)(staff.auth, organization.id, { membershipId: members.ada.membership.id })()), 'Right');
  t.deepEqual(
    liveOwners(world, organization.id).map((m) => m.id),
    [members.ada.membership.id],
  );
  t.is(world.auditLog.all().at(-1)?.actorUserId, staff.user.id);
});

test('the target must be an active member', async (t) => {
  const world = createTestWorld();
  const { organization, owner, members } = await anOrganization(world, {
    sus: { role: 'admin', status: 'suspended' },
    ivy: { role: 'member', status: 'pending_invitation' },
  });
  t.is(
    outcome(await transferOwnership(world)(owner.auth, organization.id, { membershipId: members.sus.membership.id })()),
    'InvalidMembershipTransition',
  );
  t.is(
    outcome(await transferOwnership(world)(owner.auth, organization.id, { membershipId: members.ivy.membership.id })()),
    'InvalidMembershipTransition',
  );
  t.deepEqual(
    liveOwners(world, organization.id).map((m) => m.id),
    [owner.membership.id],
  );
});

test('transferring to oneself changes nothing', async (t) => {
  const world = createTestWorld();
  const { organization, owner } = await anOrganization(world, {});
  t.is(outcome(await transferOwnership(world)(owner.auth, organization.id, { membershipId: owner.membership.id })()), 'Right');
  t.deepEqual(
    liveOwners(world, organization.id).map((m) => m.id),
    [owner.membership.id],
  );
});

test('two concurrent transfers: exactly one wins, never zero or two owners', async (t) => {
  const world = createTestWorld();
  const { organization, owner, members } = await anOrganization(world, { ada: 'admin', bob: 'member' });
  const results = await Promise.allSettled([
    transferOwnership(world)(owner.auth, organization.id, { membershipId: members.ada.membership.id })(),
    transferOwnership(world)(owner.auth, organization.id, { membershipId: members.bob.membership.id })(),
  ]);
  const won = results.filter((r) => r.status === 'fulfilled' && E.isRight(r.value));
  t.is(won.length, 1);
  t.is(liveOwners(world, organization.id).length, 1);
});

test('an owner whose ownership moved away between the authorization check and the write is no longer authorized to move it', async (t) => {
  const world = createTestWorld();
  const { organization, owner, members } = await anOrganization(world, { ada: 'admin', bob: 'member' });
  // A concurrent transfer to ada commits after this request authorized the owner, before it reads the owner row.
  const findOwner = world.memberships.findOwner.bind(world.memberships);
  let raced = false;
  const racing = new Proxy(world.memberships, {
    get: (target, property, receiver) => {
      if (property !== 'findOwner') {
        const value: unknown = Reflect.get(target, property, receiver);
        return typeof value === 'function' ? value.bind(target) : value;
      }
      return async (organizationId: Parameters<typeof findOwner>[0]) => {
        if (!raced) {
          raced = true;
          t.is(
            outcome(await transferOwnership(world)(owner.auth, organization.id, { membershipId: members.ada.membership.id })()),
            'Right',
          );
        }
        return findOwner(organizationId);
      };
    },
  });
  const stale = await transferOwnership({ ...world, memberships: racing })(owner.auth, organization.id, {
    membershipId: members.bob.membership.id,
  })();
  t.is(outcome(stale), 'Forbidden');
  t.deepEqual(
    liveOwners(world, organization.id).map((m) => m.id),
    [members.ada.membership.id],
    'ada keeps the ownership she was given',
  );
});
