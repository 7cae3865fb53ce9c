import anyTest, { type ExecutionContext, type TestFn } from 'ava';
import { randomBytes } from 'node:crypto';
import { SignJWT, decodeJwt, decodeProtectedHeader } from 'jose';
import { sharedE2eContext, type SharedE2eContext } from '../support/e2e-spec-context.js';
import { apiForSession, signedInMember, type SignedInMember } from '../support/e2e-members.js';
import { eventually } from '../support/eventually.js';
import { assertError } from '../support/service-api.js';

// Path 2, revoke, decline, resend and forged tokens, end to end on the shared emulator and service.
const test = anyTest as TestFn<SharedE2eContext>;

test.before((t) => {
  t.context = sharedE2eContext();
});

const member = (t: ExecutionContext<SharedE2eContext>, email: string): Promise<SignedInMember> =>
  signedInMember(t.context.provider, t.context.state.serviceUrl, email);

/** A new organization owned by `owner`; returns its id. */
const organizationOf = async (t: ExecutionContext<SharedE2eContext>, owner: SignedInMember, name: string): Promise<string> => {
  const created = await owner.api.post('/organizations', { name });
  t.is(created.status, 201);
  t.like(created.body, { organization: { name }, membership: { role: 'owner', status: 'active' } });
  return created.body.organization.id as string;
};

const auditActions = async (owner: SignedInMember, orgId: string): Promise<string[]> =>
  ((await owner.api.get(`/organizations/${orgId}/audit`)).body.items as Array<{ action: string }>).map((entry) => entry.action);

const rosterStatusOf = async (owner: SignedInMember, orgId: string, email: string): Promise<string[]> =>
  ((await owner.api.get(`/organizations/${orgId}/members?include=cancelled`)).body.items as Array<{ email: string; status: string }>)
    .filter((row) => row.email === email)
    .map((row) => row.status);

test('path 2: an existing user is invited as pending_invitation, sees it in-app without a token, and accepting by id makes it active', async (t) => {
  const owner = await member(t, 'path2-owner@example.com');
  const invitee = await member(t, 'path2-invitee@example.com');
  const orgId = await organizationOf(t, owner, 'Path Two Gym');

  const invited = await owner.api.post(`/organizations/${orgId}/invitations`, { email: invitee.email, role: 'member' });
  t.is(invited.status, 201);
  t.like(invited.body, {
    invitation: { email: invitee.email, role: 'member', status: 'pending' },
    membership: { status: 'pending_invitation' },
  });
  t.deepEqual(await t.context.provider.emails(invitee.email), [], 'no provider invitation e-mail for someone who has an account');

  const mine = await invitee.api.get('/users/me/invitations');
  t.is(mine.status, 200);
  t.deepEqual(mine.body, {
    items: [
      {
        id: invited.body.invitation.id,
        organizationId: orgId,
        organizationName: 'Path Two Gym',
        role: 'member',
        status: 'pending',
        expiresAt: invited.body.invitation.expiresAt,
      },
    ],
  });
  t.false(JSON.stringify(mine.body).includes(invited.body.token), 'the token is never listed');

  const accepted = await invitee.api.post('/invitations/accept', { invitationId: invited.body.invitation.id });
  t.is(accepted.status, 200);
  t.deepEqual(accepted.body, { membership: { id: invited.body.membership.id, organizationId: orgId, role: 'member', status: 'active' } });
  t.like((await invitee.api.get('/users/me')).body.memberships, [{ organizationId: orgId, role: 'member', status: 'active' }]);
  t.deepEqual((await invitee.api.get('/users/me/invitations')).body.items, [], 'nothing pending any more');
  t.true((await auditActions(owner, orgId)).includes('invitation.accepted'));
});

test('path 2 only for a verified primary address: inviting the address of a provider user who has not verified it takes path 1, and that user cannot answer it', async (t) => {
  const owner = await member(t, 'unverified-path-owner@example.com');
  const orgId = await organizationOf(t, owner, 'Unverified Path Gym');
  const holder = await t.context.provider.signUpUnverified('unverified-holder@example.com');
  const session = await t.context.provider.openSession(holder.id);
  await t.context.provider.waitSettled();

  const invited = await owner.api.post(`/organizations/${orgId}/invitations`, { email: 'unverified-holder@example.com', role: 'member' });
  t.is(invited.status, 201);
  t.like(invited.body, { membership: { status: 'invited' } });
  t.is((await t.context.provider.emails('unverified-holder@example.com')).length, 1, 'the provider mailed the sign-up ticket');
  const holderApi = apiForSession(t.context.provider, t.context.state.serviceUrl, session.id);
  t.deepEqual((await holderApi.get('/users/me/invitations')).body, { items: [] });
  assertError(t, await holderApi.post('/invitations/accept', { invitationId: invited.body.invitation.id }), 403, 'EmailNotVerified');
});

test('revoking a path-1 invitation revokes the provider invitation too, and a later accept answers 409 InvitationNotPending', async (t) => {
  const { provider } = t.context;
  const owner = await member(t, 'revoke-owner@example.com');
  const orgId = await organizationOf(t, owner, 'Revoke Gym');
  const email = 'revoke-invitee@example.com';
  const invited = await owner.api.post(`/organizations/${orgId}/invitations`, { email, role: 'coach' });
  t.like(invited.body, { membership: { status: 'invited' } });
  const [sent] = await provider.emails(email);
  t.is((await provider.providerInvitation(sent!.invitation_id)).status, 'pending');

  const revoked = await owner.api.post(`/organizations/${orgId}/invitations/${invited.body.invitation.id}/revoke`);
  t.is(revoked.status, 200);
  t.like(revoked.body, { invitation: { status: 'revoked', revokedReason: 'revoked' } });
  // The revocation at the provider is a durable job enqueued with the revoke.
  const atProvider = await eventually(
    () => provider.providerInvitation(sent!.invitation_id),
    (invitation) => invitation.status !== 'pending',
  );
  t.is(atProvider.status, 'revoked', 'the provider invitation is revoked at the emulator');
  t.not((await provider.openTicketLink(sent!.url)).status, 302, 'the e-mailed link no longer leads to sign-up');
  t.deepEqual(await rosterStatusOf(owner, orgId, email), ['cancelled']);

  // The invitee signs up on their own anyway: user.created claims nothing, and the link's token is refused.
  const invitee = await member(t, email);
  t.deepEqual((await invitee.api.get('/users/me')).body.memberships, []);
  assertError(t, await invitee.api.post('/invitations/accept', { token: invited.body.token }), 409, 'InvitationNotPending');
  assertError(
    t,
    await owner.api.post(`/organizations/${orgId}/invitations/${invited.body.invitation.id}/revoke`),
    409,
    'InvitationNotPending',
  );
  t.deepEqual(
    (await auditActions(owner, orgId)).filter((a) => a.startsWith('invitation.')),
    ['invitation.revoked', 'invitation.created'],
  );
});

test('declining cancels the membership and revokes the invitation with reason declined; it cannot be accepted afterwards', async (t) => {
  const owner = await member(t, 'decline-owner@example.com');
  const invitee = await member(t, 'decline-invitee@example.com');
  const orgId = await organizationOf(t, owner, 'Decline Gym');
  const invited = await owner.api.post(`/organizations/${orgId}/invitations`, { email: invitee.email, role: 'coach' });
  t.is(invited.status, 201);

  const declined = await invitee.api.post('/invitations/decline', { token: invited.body.token });
  t.is(declined.status, 200);
  t.like(declined.body, { invitation: { id: invited.body.invitation.id, status: 'revoked', revokedReason: 'declined' } });
  t.deepEqual(await rosterStatusOf(owner, orgId, invitee.email), ['cancelled']);
  t.like((await owner.api.get(`/organizations/${orgId}/invitations`)).body.items, [
    { id: invited.body.invitation.id, status: 'revoked', revokedReason: 'declined' },
  ]);
  assertError(t, await invitee.api.post('/invitations/accept', { invitationId: invited.body.invitation.id }), 409, 'InvitationNotPending');
  t.deepEqual((await invitee.api.get('/users/me')).body.memberships, []);
  t.true((await auditActions(owner, orgId)).includes('invitation.declined'));
});

test('resending rotates the token: the old one is refused with 400 InvalidInvitationToken, the new one accepts', async (t) => {
  const owner = await member(t, 'resend-owner@example.com');
  const invitee = await member(t, 'resend-invitee@example.com');
  const orgId = await organizationOf(t, owner, 'Resend Gym');
  const invited = await owner.api.post(`/organizations/${orgId}/invitations`, { email: invitee.email, role: 'admin' });
  t.is(invited.status, 201);

  const resent = await owner.api.post(`/organizations/${orgId}/invitations/${invited.body.invitation.id}/resend`);
  t.is(resent.status, 200);
  t.like(resent.body, { invitation: { id: invited.body.invitation.id, status: 'pending' } });
  t.not(resent.body.token, invited.body.token);
  t.true(Date.parse(resent.body.invitation.expiresAt) >= Date.parse(invited.body.invitation.expiresAt), 'the expiry starts again');

  assertError(t, await invitee.api.post('/invitations/accept', { token: invited.body.token }), 400, 'InvalidInvitationToken');
  assertError(t, await invitee.api.post('/invitations/decline', { token: invited.body.token }), 400, 'InvalidInvitationToken');
  const accepted = await invitee.api.post('/invitations/accept', { token: resent.body.token });
  t.is(accepted.status, 200);
  t.like(accepted.body, { membership: { role: 'admin', status: 'active' } });
  t.true((await auditActions(owner, orgId)).includes('invitation.resent'));
});

test('a tampered token and a token signed with another secret answer 400 InvalidInvitationToken; someone else holding the real one gets 403', async (t) => {
  const owner = await member(t, 'forged-owner@example.com');
  const invitee = await member(t, 'forged-invitee@example.com');
  const stranger = await member(t, 'forged-stranger@example.com');
  const orgId = await organizationOf(t, owner, 'Forged Gym');
  const other = await owner.api.post(`/organizations/${orgId}/invitations`, { email: stranger.email, role: 'member' });
  const invited = await owner.api.post(`/organizations/${orgId}/invitations`, { email: invitee.email, role: 'coach' });
  t.is(invited.status, 201);
  const token = invited.body.token as string;
  const [header, payload, signature] = token.split('.') as [string, string, string];

  const retargeted = Buffer.from(JSON.stringify({ ...decodeJwt(token), sub: other.body.invitation.id })).toString('base64url');
  const flipped = `${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
  const foreign = await new SignJWT(decodeJwt(token))
    .setProtectedHeader(decodeProtectedHeader(token) as { alg: string })
    .sign(new TextEncoder().encode(randomBytes(32).toString('base64url')));
  for (const [what, forged] of [
    ['payload pointed at another invitation', `${header}.${retargeted}.${signature}`],
    ['signature changed', `${header}.${payload}.${flipped}`],
    ['signed with another secret', foreign],
    ['not a token', 'not-a-token'],
  ] as const) {
    assertError(t, await invitee.api.post('/invitations/accept', { token: forged }), 400, 'InvalidInvitationToken');
    t.log(`refused: ${what}`);
  }
  assertError(t, await stranger.api.post('/invitations/accept', { token }), 403, 'NotTheInvitee');
  t.deepEqual(await rosterStatusOf(owner, orgId, invitee.email), ['pending_invitation'], 'nothing changed');
  t.is((await invitee.api.post('/invitations/accept', { token })).status, 200, 'the genuine token still works');
});
