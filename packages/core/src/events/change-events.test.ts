import test from 'ava';
import * as E from 'fp-ts/lib/Either.js';
import type { Email } from '../identity/email.js';
import { inviteMember } from '../invitation/use-cases/invite-member.js';
import { revokeInvitation } from '../invitation/use-cases/revoke-invitation.js';
import { changeMemberRole } from '../membership/use-cases/change-member-role.js';
import { removeMember } from '../membership/use-cases/remove-member.js';
import { transferOwnership } from '../membership/use-cases/transfer-ownership.js';
import { deleteOrganization } from '../organization/use-cases/delete-organization.js';
import { anOrganization, createTestWorld, type TestWorld } from '../testing/index.js';
import { EVENT_CATALOGUE, isEventType } from './catalogue.js';

// Every event recorded so far decodes with its catalogue codec; with no endpoint, none made a delivery or a job.
const assertCatalogued = (t: { true(value: boolean, message?: string): void; is(a: unknown, b: unknown): void }, world: TestWorld) => {
  for (const event of world.eventLog.events) {
    t.true(isEventType(event.type), event.type);
    if (isEventType(event.type)) {
      const codec: { decode(input: unknown): E.Either<unknown, unknown> } = EVENT_CATALOGUE[event.type];
      t.true(E.isRight(codec.decode(event.data)), `${event.type} decodes`);
    }
  }
  t.is(world.eventDeliveries.all().length, 0);
  t.is(world.jobQueue.enqueued.filter((job) => job.name.startsWith('events.')).length, 0);
};

test('creating an organization records organization.created and the owner’s membership.created', async (t) => {
  const world = createTestWorld();
  const { organization, owner } = await anOrganization(world, {});
  t.deepEqual(world.eventLog.types(), ['organization.created', 'membership.created']);
  t.like(world.eventLog.events[1], {
    organizationId: organization.id,
    data: { membershipId: owner.membership.id, role: 'owner', status: 'active', userId: owner.user.id },
  });
  assertCatalogued(t, world);
});

test('an invitation records membership.created (invited) and invitation.created; revoking it records invitation.revoked and membership.deleted', async (t) => {
  const world = createTestWorld();
  const { organization, owner } = await anOrganization(world, {});
  const invited = await inviteMember(world)(owner.auth, organization.id, { email: 'new@example.com' as Email, role: 'coach' })();
  if (E.isLeft(invited)) return t.fail(invited.left._tag);
  t.deepEqual(world.eventLog.types().slice(2), ['membership.created', 'invitation.created']);
  t.like(world.eventLog.events[2], { data: { status: 'invited', role: 'coach', userId: null } });
  await revokeInvitation(world)(owner.auth, organization.id, invited.right.invitation.id)();
  t.deepEqual(world.eventLog.types().slice(4), ['membership.deleted', 'invitation.revoked']);
  t.like(world.eventLog.events[4], { data: { membershipId: invited.right.membership.id, status: 'cancelled', reason: 'cancelled' } });
  assertCatalogued(t, world);
});

test('a role change records membership.updated with the old and new role; a removal records membership.deleted (removed)', async (t) => {
  const world = createTestWorld();
  const { organization, owner, members } = await anOrganization(world, { bob: 'member' });
  await changeMemberRole(world)(owner.auth, organization.id, members.bob.membership.id, 'coach')();
  t.like(world.eventLog.events.at(-1), {
    type: 'membership.updated',
    data: { previous: { role: 'member', status: 'active' }, current: { role: 'coach', status: 'active' } },
  });
  await removeMember(world)(owner.auth, organization.id, members.bob.membership.id)();
  t.like(world.eventLog.events.at(-1), { type: 'membership.deleted', data: { reason: 'removed', role: 'coach' } });
  assertCatalogued(t, world);
});

test('a transfer records both memberships’ updates and ownership.transferred', async (t) => {
  const world = createTestWorld();
  const { organization, owner, members } = await anOrganization(world, { ada: 'admin' });
  const moved = await transferOwnership(world)(owner.auth, organization.id, { membershipId: members.ada.membership.id })();
  t.true(E.isRight(moved));
  t.deepEqual(world.eventLog.types().slice(2), ['membership.updated', 'membership.updated', 'ownership.transferred']);
  t.like(world.eventLog.events.at(-1), {
    data: { previousOwnerMembershipId: owner.membership.id, newOwnerMembershipId: members.ada.membership.id },
  });
  assertCatalogued(t, world);
});

test('deleting an organization records each cancelled membership and organization.deleted, in its transaction', async (t) => {
  const world = createTestWorld();
  const { organization, owner } = await anOrganization(world, { bob: 'member' });
  const deleted = await deleteOrganization(world)(owner.auth, organization.id)();
  t.true(E.isRight(deleted));
  const types = world.eventLog.types().slice(2);
  t.deepEqual(types, ['membership.deleted', 'membership.deleted', 'organization.deleted']);
  assertCatalogued(t, world);
});
