import test from 'ava';
import * as E from 'fp-ts/lib/Either.js';
import type { Email } from '../../identity/email.js';
import { aPerson, anOrganization, createTestWorld, GatedUnitOfWork, outcome, type TestWorld } from '../../testing/index.js';
import { acceptInvitation } from './accept-invitation.js';
import { inviteMember } from './invite-member.js';
import { resendInvitation } from './resend-invitation.js';

/** Holds the first request at its unit of work (its checks passed), runs the second to the end, then lets the first go on. */
const sideBySide = async <A>(world: TestWorld, first: (gated: TestWorld) => Promise<A>, second: () => Promise<A>): Promise<[A, A]> => {
  const unitOfWork = new GatedUnitOfWork();
  const held = unitOfWork.holdNext();
  const pending = first({ ...world, unitOfWork } as unknown as TestWorld);
  await held.reached;
  const done = await second();
  held.release();
  return [await pending, done];
};

test('path 1: of two identical invitations at once, one is created and the other is InvitationAlreadyPending; one mail goes out', async (t) => {
  const world = createTestWorld();
  const { organization, owner } = await anOrganization(world, {});
  const input = { email: 'twice@example.com' as Email, role: 'coach' as const };
  const [first, second] = await sideBySide(
    world,
    (gated) => inviteMember(gated)(owner.auth, organization.id, input)(),
    () => inviteMember(world)(owner.auth, organization.id, input)(),
  );
  t.is(outcome(second), 'Right');
  t.is(outcome(first), 'InvitationAlreadyPending');
  t.is(world.invitations.all().length, 1);
  t.deepEqual(
    world.idpAdmin.invitations.map((mailed) => mailed.publicMetadata['invitationId']),
    [world.invitations.all()[0]!.id],
    'the one mail names the stored invitation',
  );
});

test('path 2: of two identical invitations at once, one is created and the other is InvitationAlreadyPending', async (t) => {
  const world = createTestWorld();
  const { organization, owner } = await anOrganization(world, {});
  await aPerson(world, 'known');
  const input = { email: 'known@example.com' as Email, role: 'member' as const };
  const [first, second] = await sideBySide(
    world,
    (gated) => inviteMember(gated)(owner.auth, organization.id, input)(),
    () => inviteMember(world)(owner.auth, organization.id, input)(),
  );
  t.deepEqual([outcome(first), outcome(second)], ['InvitationAlreadyPending', 'Right']);
  t.is(world.invitations.all().length, 1);
  t.is(world.memberships.all().filter((row) => row.email === 'known@example.com').length, 1);
});

test('a provider that cannot mail the ticket: 503 IdentityProviderUnavailable, the stored invitation revoked and its membership cancelled (audited), and a retry succeeds', async (t) => {
  const world = createTestWorld();
  const { organization, owner } = await anOrganization(world, {});
  const input = { email: 'later@example.com' as Email, role: 'member' as const };
  world.idpAdmin.failing.add('createInvitation');
  const refused = await inviteMember(world)(owner.auth, organization.id, input)();
  t.is(outcome(refused), 'IdentityProviderUnavailable');
  t.true(E.isLeft(refused) && 'retryAfterSeconds' in refused.left && refused.left.retryAfterSeconds > 0);
  const [gone] = world.invitations.all();
  t.like(gone, { status: 'revoked', revokedReason: 'revoked' });
  t.is(world.memberships.all().find((row) => row.id === gone!.membershipId)?.status, 'cancelled');
  t.deepEqual(world.auditLog.actions().slice(-2), ['invitation.created', 'invitation.revoked']);
  t.deepEqual(world.idpAdmin.invitations, [], 'nothing was mailed');

  world.idpAdmin.failing.delete('createInvitation');
  const retried = await inviteMember(world)(owner.auth, organization.id, input)();
  if (E.isLeft(retried)) return t.fail(retried.left._tag);
  t.is(retried.right.invitation.status, 'pending');
  t.deepEqual(
    world.idpAdmin.invitations.map((mailed) => mailed.publicMetadata['invitationId']),
    [retried.right.invitation.id],
  );
  const signedUp = await aPerson(world, 'later');
  t.is(outcome(await acceptInvitation(world)(signedUp.auth, { token: retried.right.token })()), 'Right');
});

test('a provider that cannot look up the invited address answers IdentityProviderUnavailable, stores nothing and spends no budget', async (t) => {
  const world = createTestWorld();
  const { organization, owner } = await anOrganization(world, {});
  const input = { email: 'lookup@example.com' as Email, role: 'member' as const };
  world.idpAdmin.failing.add('findUsersByEmail');
  for (let attempt = 0; attempt < 5; attempt += 1)
    t.is(outcome(await inviteMember(world)(owner.auth, organization.id, input)()), 'IdentityProviderUnavailable');
  t.deepEqual(world.invitations.all(), []);
  world.idpAdmin.failing.delete('findUsersByEmail');
  t.is(outcome(await inviteMember(world)(owner.auth, organization.id, input)()), 'Right');
});

test('an invitation that sent nothing gives its points back: failed mails do not spend the recipient’s daily budget', async (t) => {
  const world = createTestWorld();
  const { organization, owner } = await anOrganization(world, {});
  const input = { email: 'patient@example.com' as Email, role: 'member' as const };
  world.idpAdmin.failing.add('createInvitation');
  for (let attempt = 0; attempt < 5; attempt += 1)
    t.is(outcome(await inviteMember(world)(owner.auth, organization.id, input)()), 'IdentityProviderUnavailable');
  world.idpAdmin.failing.delete('createInvitation');
  t.is(outcome(await inviteMember(world)(owner.auth, organization.id, input)()), 'Right');
});

test('a resend the provider cannot mail answers IdentityProviderUnavailable and leaves the token and the mail working', async (t) => {
  const world = createTestWorld();
  const { organization, owner } = await anOrganization(world, {});
  const created = await inviteMember(world)(owner.auth, organization.id, { email: 'resend@example.com' as Email, role: 'member' })();
  if (E.isLeft(created)) return t.fail(created.left._tag);
  world.clock.advance(120_000);
  world.idpAdmin.failing.add('createInvitation');
  t.is(outcome(await resendInvitation(world)(owner.auth, organization.id, created.right.invitation.id)()), 'IdentityProviderUnavailable');
  t.deepEqual(
    world.idpAdmin.invitations.map((mailed) => mailed.status),
    ['pending'],
  );
  const signedUp = await aPerson(world, 'resend');
  t.is(outcome(await acceptInvitation(world)(signedUp.auth, { token: created.right.token })()), 'Right');
});
