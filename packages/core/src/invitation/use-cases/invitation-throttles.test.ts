import test from 'ava';
import * as E from 'fp-ts/lib/Either.js';
import type { Email } from '../../identity/email.js';
import type { OrganizationName } from '../../organization/organization.js';
import { createOrganization } from '../../organization/use-cases/create-organization.js';
import { anOrganization, createTestWorld, outcome, type TestWorld } from '../../testing/index.js';
import type { InvitationId } from '../invitation.js';
import { inviteMember } from './invite-member.js';
import { resendInvitation } from './resend-invitation.js';

// Invitations are throttled per organization, per inviter and per recipient, with a resend cooldown.

const HOUR = 3_600_000;
const emailOf = (n: number) => `invitee-${n}@example.com` as Email;

const rateLimited = (
  t: { fail: (message: string) => void; is: (a: unknown, b: unknown, message?: string) => void },
  result: E.Either<{ _tag: string }, unknown>,
  retryAfterSeconds: number,
) => {
  if (E.isRight(result)) return t.fail('expected InvitationRateLimited, got Right');
  t.is(result.left._tag, 'InvitationRateLimited');
  t.is((result.left as { retryAfterSeconds?: number }).retryAfterSeconds, retryAfterSeconds);
};

const anInvitation = async (world: TestWorld) => {
  const { organization, owner } = await anOrganization(world, {});
  const invited = await inviteMember(world)(owner.auth, organization.id, { email: emailOf(0), role: 'member' })();
  if (E.isLeft(invited)) throw new Error(invited.left._tag);
  return { organization, owner, invitationId: invited.right.invitation.id as InvitationId };
};

test('an inviter sends at most 30 invitations an hour; the 31st answers InvitationRateLimited with the wait, and creates nothing', async (t) => {
  const world = createTestWorld();
  const { organization, owner } = await anOrganization(world, {});
  for (let n = 1; n <= 30; n += 1)
    t.is(outcome(await inviteMember(world)(owner.auth, organization.id, { email: emailOf(n), role: 'member' })()), 'Right');
  world.clock.advance(10 * 60_000);
  rateLimited(t, await inviteMember(world)(owner.auth, organization.id, { email: emailOf(31), role: 'member' })(), 50 * 60);
  t.is(world.invitations.all().length, 30, 'no invitation row for the refused one');
  t.is(world.idpAdmin.invitations.length, 30, 'no provider mail for the refused one');
  t.is(world.invitationThrottle.organization.used(organization.id), 30, 'the refusal spent nothing of the organization budget');
  world.clock.advance(50 * 60_000);
  t.is(
    outcome(await inviteMember(world)(owner.auth, organization.id, { email: emailOf(31), role: 'member' })()),
    'Right',
    'a new hour, a new budget',
  );
});

test('an organization sends at most 100 invitations an hour, whoever invites', async (t) => {
  const world = createTestWorld();
  const { organization, owner, members } = await anOrganization(world, { ada: 'admin', abe: 'admin', amy: 'admin' });
  const inviters = [owner, members.ada, members.abe, members.amy];
  let n = 0;
  for (const inviter of inviters) {
    for (let i = 0; i < 25; i += 1) {
      n += 1;
      t.is(outcome(await inviteMember(world)(inviter.auth, organization.id, { email: emailOf(n), role: 'member' })()), 'Right');
    }
  }
  rateLimited(t, await inviteMember(world)(owner.auth, organization.id, { email: emailOf(101), role: 'member' })(), 3600);
  t.is(world.invitationThrottle.inviter.used(owner.user.id), 25, "the refused invitation is given back to the inviter's budget");
  t.is(world.invitationThrottle.recipient.used(emailOf(101)), 0);
});

test('a recipient gets at most 3 invitations a day across organizations; the 4th organization waits a day', async (t) => {
  const world = createTestWorld();
  const { organization: first, owner } = await anOrganization(world, {});
  const organizations = [first.id];
  for (const name of ['Second Gym', 'Third Gym', 'Fourth Gym']) {
    const created = await createOrganization(world)(owner.auth, { name: name as OrganizationName })();
    if (E.isLeft(created)) return t.fail(created.left._tag);
    organizations.push(created.right.organization.id);
  }
  const target = 'Target@Example.com'.toLowerCase() as Email;
  for (const organizationId of organizations.slice(0, 3))
    t.is(outcome(await inviteMember(world)(owner.auth, organizationId, { email: target, role: 'member' })()), 'Right');
  rateLimited(t, await inviteMember(world)(owner.auth, organizations[3]!, { email: target, role: 'member' })(), 86_400);
  t.is(world.invitationThrottle.organization.used(organizations[3]!), 0);
  t.is(
    outcome(await inviteMember(world)(owner.auth, organizations[3]!, { email: emailOf(1), role: 'member' })()),
    'Right',
    'other recipients are not affected',
  );
  world.clock.advance(24 * HOUR);
  t.is(outcome(await inviteMember(world)(owner.auth, organizations[3]!, { email: target, role: 'member' })()), 'Right');
});

test('an invitation that would not go out (AlreadyMember, InvitationAlreadyPending) spends no budget', async (t) => {
  const world = createTestWorld();
  const { organization, owner } = await anOrganization(world, { bob: 'member' });
  t.is(
    outcome(await inviteMember(world)(owner.auth, organization.id, { email: 'bob@example.com' as Email, role: 'member' })()),
    'AlreadyMember',
  );
  t.is(world.invitationThrottle.inviter.used(owner.user.id), 0);
  t.is(outcome(await inviteMember(world)(owner.auth, organization.id, { email: emailOf(1), role: 'member' })()), 'Right');
  t.is(
    outcome(await inviteMember(world)(owner.auth, organization.id, { email: emailOf(1), role: 'member' })()),
    'InvitationAlreadyPending',
  );
  t.is(world.invitationThrottle.recipient.used(emailOf(1)), 1);
});

test('a resend waits out a 60-second cooldown per invitation, and a refused resend rotates nothing', async (t) => {
  const world = createTestWorld();
  const { organization, owner, invitationId } = await anInvitation(world);
  const resent = await resendInvitation(world)(owner.auth, organization.id, invitationId)();
  if (E.isLeft(resent)) return t.fail(resent.left._tag);
  const tokenHash = world.invitations.all()[0]?.tokenHash;
  world.clock.advance(15_000);
  rateLimited(t, await resendInvitation(world)(owner.auth, organization.id, invitationId)(), 45);
  t.is(world.invitations.all()[0]?.tokenHash, tokenHash, 'the token from the last resend still works');
  t.is(world.idpAdmin.invitations.length, 2, 'no third mail');
  t.is(world.invitationThrottle.recipient.used(emailOf(0)), 2, 'the refused resend spent nothing of the recipient budget');
  world.clock.advance(45_000);
  t.is(outcome(await resendInvitation(world)(owner.auth, organization.id, invitationId)()), 'Right');
});

test('resends draw on the recipient budget: invitation and two resends in a day, then InvitationRateLimited', async (t) => {
  const world = createTestWorld();
  const { organization, owner, invitationId } = await anInvitation(world);
  t.is(outcome(await resendInvitation(world)(owner.auth, organization.id, invitationId)()), 'Right');
  world.clock.advance(60_000);
  t.is(outcome(await resendInvitation(world)(owner.auth, organization.id, invitationId)()), 'Right');
  world.clock.advance(60_000);
  rateLimited(t, await resendInvitation(world)(owner.auth, organization.id, invitationId)(), 86_400 - 120);
  t.is(world.invitationThrottle.resend.used(invitationId), 0, 'the cooldown point is given back');
});

test('a caller who may not invite spends nothing (authorization comes first)', async (t) => {
  const world = createTestWorld();
  const { organization, members } = await anOrganization(world, { cole: 'coach' });
  t.is(outcome(await inviteMember(world)(members.cole.auth, organization.id, { email: emailOf(1), role: 'member' })()), 'Forbidden');
  t.is(world.invitationThrottle.organization.used(organization.id), 0);
  t.is(world.invitationThrottle.inviter.used(members.cole.user.id), 0);
});
