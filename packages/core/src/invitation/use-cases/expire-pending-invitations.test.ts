import test from 'ava';
import * as E from 'fp-ts/lib/Either.js';
import type { Email } from '../../identity/email.js';
import { EXPIRE_INVITATIONS_JOB, eventsPeriodicHandlers } from '../../events/events-jobs.js';
import { anOrganization } from '../../testing/organization-fixtures.js';
import { createEventsWorld } from '../../testing/events-world.js';
import { expirePendingInvitations } from './expire-pending-invitations.js';
import { inviteMember } from './invite-member.js';

test('pending invitations past expiresAt are expired, their memberships cancelled, with invitation.expired; fresh ones stay', async (t) => {
  const world = createEventsWorld();
  const { organization, owner } = await anOrganization(world, {});
  const old = await inviteMember(world)(owner.auth, organization.id, { email: 'old@example.com' as Email, role: 'member' })();
  world.clock.advance(3 * 86_400_000);
  const fresh = await inviteMember(world)(owner.auth, organization.id, { email: 'fresh@example.com' as Email, role: 'member' })();
  if (E.isLeft(old) || E.isLeft(fresh)) return t.fail('fixture');
  world.clock.advance(5 * 86_400_000);
  t.is(await expirePendingInvitations(world)(), 1);
  t.like(
    world.invitations.all().find((i) => i.id === old.right.invitation.id),
    { status: 'expired' },
  );
  t.like(
    world.invitations.all().find((i) => i.id === fresh.right.invitation.id),
    { status: 'pending' },
  );
  t.deepEqual(world.eventLog.types().slice(-2), ['membership.deleted', 'invitation.expired']);
  t.like(world.eventLog.events.at(-1), { data: { invitationId: old.right.invitation.id, status: 'expired' } });
  t.is(await expirePendingInvitations(world)(), 0, 'a second run finds nothing');
});

test('the invitations.expire job runs the expiry', async (t) => {
  const world = createEventsWorld();
  const { organization, owner } = await anOrganization(world, {});
  await inviteMember(world)(owner.auth, organization.id, { email: 'old@example.com' as Email, role: 'member' })();
  world.clock.advance(8 * 86_400_000);
  await eventsPeriodicHandlers(world)[EXPIRE_INVITATIONS_JOB]!({});
  t.is(world.invitations.all()[0]?.status, 'expired');
});
