import test from 'ava';
import * as E from 'fp-ts/lib/Either.js';
import type { Email } from '../../identity/email.js';
import { aPerson, anOrganization, createTestWorld, outcome } from '../../testing/index.js';
import { acceptInvitation } from './accept-invitation.js';
import { declineInvitation } from './decline-invitation.js';
import { inviteMember } from './invite-member.js';
import { revokeInvitation } from './revoke-invitation.js';
import { invitationJobHandlers } from '../invitation-jobs.js';

test('revoking: reason revoked, membership cancelled, provider invitation revoked, token dead', async (t) => {
  const world = createTestWorld();
  const { organization, owner } = await anOrganization(world, {});
  const created = await inviteMember(world)(owner.auth, organization.id, { email: 'new@example.com' as Email, role: 'member' })();
  if (E.isLeft(created)) return t.fail();
  const revoked = await revokeInvitation(world)(owner.auth, organization.id, created.right.invitation.id)();
  t.true(E.isRight(revoked) && revoked.right.status === 'revoked' && revoked.right.revokedReason === 'revoked');
  t.is(world.memberships.all().find((m) => m.id === created.right.membership.id)?.status, 'cancelled');
  t.deepEqual(world.idpAdmin.revokedInvitationIds, [], 'the provider is asked by a job, committed with the revoke');
  await world.jobQueue.drain(invitationJobHandlers(world));
  t.deepEqual(world.idpAdmin.revokedInvitationIds, ['inv_fake1']);
  t.is(world.auditLog.actions().at(-1), 'invitation.revoked');
  const later = await aPerson(world, 'new');
  t.is(outcome(await acceptInvitation(world)(later.auth, { token: created.right.token })()), 'InvitationNotPending');
  t.is(outcome(await revokeInvitation(world)(owner.auth, organization.id, created.right.invitation.id)()), 'InvitationNotPending');
});

test('an admin may not revoke an admin invitation the owner made', async (t) => {
  const world = createTestWorld();
  const { organization, owner, members } = await anOrganization(world, { ada: 'admin' });
  const created = await inviteMember(world)(owner.auth, organization.id, { email: 'boss@example.com' as Email, role: 'admin' })();
  if (E.isLeft(created)) return t.fail();
  t.is(outcome(await revokeInvitation(world)(members.ada.auth, organization.id, created.right.invitation.id)()), 'CannotGrantRole');
});

test('declining: the invitee revokes with reason declined and the membership is cancelled', async (t) => {
  const world = createTestWorld();
  const ivy = await aPerson(world, 'ivy');
  const { organization, owner } = await anOrganization(world, {});
  const created = await inviteMember(world)(owner.auth, organization.id, { email: 'ivy@example.com' as Email, role: 'member' })();
  if (E.isLeft(created)) return t.fail();
  const declined = await declineInvitation(world)(ivy.auth, { invitationId: created.right.invitation.id })();
  t.true(E.isRight(declined) && declined.right.revokedReason === 'declined');
  t.is(world.memberships.all().find((m) => m.id === created.right.membership.id)?.status, 'cancelled');
  t.like(world.auditLog.all().at(-1), { action: 'invitation.declined', actorUserId: ivy.user.id });
  t.is(outcome(await acceptInvitation(world)(ivy.auth, { invitationId: created.right.invitation.id })()), 'InvitationNotPending');
});

test('only the invitee may decline', async (t) => {
  const world = createTestWorld();
  await aPerson(world, 'ivy');
  const mallory = await aPerson(world, 'mallory');
  const { organization, owner } = await anOrganization(world, {});
  const created = await inviteMember(world)(owner.auth, organization.id, { email: 'ivy@example.com' as Email, role: 'member' })();
  if (E.isLeft(created)) return t.fail();
  t.is(outcome(await declineInvitation(world)(mallory.auth, { invitationId: created.right.invitation.id })()), 'NotTheInvitee');
});
