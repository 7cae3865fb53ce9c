import test from 'ava';
import * as E from 'fp-ts/lib/Either.js';
import type { Email } from '../../identity/email.js';
import { pageRequest } from '../../shared/pagination.js';
import { aPerson, anOrganization, createTestWorld, outcome } from '../../testing/index.js';
import { inviteMember } from './invite-member.js';
import { listInvitations } from './list-invitations.js';
import { listMyInvitations } from './list-my-invitations.js';

test('the organization lists its invitations newest first, never with a token, expired ones as expired', async (t) => {
  const world = createTestWorld();
  const { organization, owner, members } = await anOrganization(world, { cole: 'coach' });
  await inviteMember(world)(owner.auth, organization.id, { email: 'a@example.com' as Email, role: 'member' })();
  world.clock.advance(8 * 86_400_000);
  await inviteMember(world)(owner.auth, organization.id, { email: 'b@example.com' as Email, role: 'member' })();
  const listed = await listInvitations(world)(owner.auth, organization.id, pageRequest())();
  if (E.isLeft(listed)) return t.fail();
  t.deepEqual(
    listed.right.items.map((i) => [i.email, i.status]),
    [
      ['b@example.com', 'pending'],
      ['a@example.com', 'expired'],
    ],
  );
  t.false(listed.right.items.some((i) => 'tokenHash' in i || 'token' in i));
  t.is(outcome(await listInvitations(world)(members.cole.auth, organization.id, pageRequest())()), 'Forbidden');
});

test('the caller lists the pending invitations addressed to their email, with the organization name', async (t) => {
  const world = createTestWorld();
  const ivy = await aPerson(world, 'ivy');
  const { organization, owner } = await anOrganization(world, {});
  const created = await inviteMember(world)(owner.auth, organization.id, { email: 'ivy@example.com' as Email, role: 'coach' })();
  if (E.isLeft(created)) return t.fail();
  const mine = await listMyInvitations(world)(ivy.auth)();
  t.deepEqual(
    mine,
    E.right({
      items: [
        {
          id: created.right.invitation.id,
          organizationId: organization.id,
          organizationName: 'Iron Gym',
          role: 'coach',
          status: 'pending',
          expiresAt: created.right.invitation.expiresAt,
        },
      ],
    }),
  );
  world.clock.advance(8 * 86_400_000);
  t.deepEqual(await listMyInvitations(world)(ivy.auth)(), E.right({ items: [] }));
});
