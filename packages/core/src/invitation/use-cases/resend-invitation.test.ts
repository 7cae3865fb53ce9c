import test from 'ava';
import * as E from 'fp-ts/lib/Either.js';
import type { Email } from '../../identity/email.js';
import { anOrganization, createTestWorld, outcome } from '../../testing/index.js';
import { inviteMember } from './invite-member.js';
import { resendInvitation } from './resend-invitation.js';

test('an admin may not resend an admin invitation the owner made: only a role the caller may grant', async (t) => {
  const world = createTestWorld();
  const { organization, owner, members } = await anOrganization(world, { ada: 'admin' });
  const boss = await inviteMember(world)(owner.auth, organization.id, { email: 'boss@example.com' as Email, role: 'admin' })();
  const coach = await inviteMember(world)(owner.auth, organization.id, { email: 'coach@example.com' as Email, role: 'coach' })();
  if (E.isLeft(boss) || E.isLeft(coach)) return t.fail();
  t.is(outcome(await resendInvitation(world)(members.ada.auth, organization.id, boss.right.invitation.id)()), 'CannotGrantRole');
  t.is(outcome(await resendInvitation(world)(members.ada.auth, organization.id, coach.right.invitation.id)()), 'Right');
});
