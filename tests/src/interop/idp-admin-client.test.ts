import anyTest from 'ava';
import type { TestFn } from 'ava';
import * as E from 'fp-ts/lib/Either.js';
import * as O from 'fp-ts/lib/Option.js';
import { createIdentityProviderAdmin } from '@idv/adapters-idp';
import { Email, IdpUserId } from '@idv/core';
import type { IdentityProviderAdmin } from '@idv/core';
import { startIdpEmulator, type IdpEmulator } from '@idv/idp-emulator';
import { adminFetch } from '@idv/idp-emulator/testing';

// Our admin client (adapters-idp) against the emulator: two independent readings of the reference meet here.
interface Context {
  emulator: IdpEmulator;
  admin: IdentityProviderAdmin;
}
const test = anyTest as TestFn<Context>;

const email = (address: string): Email => {
  const decoded = Email.decode(address);
  if (E.isLeft(decoded)) throw new Error('bad test fixture');
  return decoded.right;
};
const REDIRECT = 'https://app.example.com/accept';
const invitationFor = (address: string, publicMetadata: Record<string, unknown> = {}) => ({
  email: email(address),
  redirectUrl: REDIRECT,
  publicMetadata,
});

const signUpWithTicket = (emulator: IdpEmulator, invitationUrl: string) =>
  fetch(`${emulator.url}/v1/client/sign_ups`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ strategy: 'ticket', ticket: new URL(invitationUrl).searchParams.get('ticket'), password: 'pw-123456-long' }),
  });

test.before(async (t) => {
  const emulator = await startIdpEmulator();
  t.context = { emulator, admin: createIdentityProviderAdmin({ apiUrl: emulator.url, secretKey: emulator.secretKey }) };
});
test.after.always(async (t) => {
  await t.context.emulator?.close();
});

test('createInvitation gets a pending invitation whose ticket link the provider mails', async (t) => {
  const { admin, emulator } = t.context;
  const invitation = await admin.createInvitation({
    ...invitationFor('Mailed@Example.com', { invitationId: 'local-1' }),
    expiresInDays: 7,
  });
  t.like(invitation, { email: email('mailed@example.com'), status: 'pending' });
  t.regex(invitation.id, /^inv_/);
  t.true(invitation.url?.startsWith(`${emulator.url}/v1/tickets/accept?ticket=`));
  t.like(emulator.sentEmails('mailed@example.com'), [{ invitation_id: invitation.id, url: invitation.url ?? '' }]);
  const stored = await adminFetch(emulator, 'GET', `/_emulator/invitations/${invitation.id}`);
  t.like(stored.body, { public_metadata: { invitationId: 'local-1' }, redirect_url: REDIRECT });
  t.is(stored.body.expires_at - stored.body.created_at, 7 * 86_400_000);
});

test('createInvitation succeeds again for an address with a pending invitation or an existing user (ignore_existing)', async (t) => {
  const { admin, emulator } = t.context;
  const first = await admin.createInvitation(invitationFor('twice@example.com'));
  const second = await admin.createInvitation(invitationFor('twice@example.com'));
  t.not(first.id, second.id);
  await adminFetch(emulator, 'POST', '/v1/users', { email_address: ['member@example.com'] });
  t.is((await admin.createInvitation(invitationFor('member@example.com'))).status, 'pending');
});

test('revokeInvitation revokes, and revoking again, after acceptance or an unknown id counts as done', async (t) => {
  const { admin, emulator } = t.context;
  const invitation = await admin.createInvitation(invitationFor('revoke@example.com'));
  await admin.revokeInvitation(invitation.id);
  const revoked = await adminFetch(emulator, 'GET', '/v1/invitations?status=revoked');
  t.true(revoked.body.some((i: { id: string }) => i.id === invitation.id));
  await t.notThrowsAsync(admin.revokeInvitation(invitation.id));
  await t.notThrowsAsync(admin.revokeInvitation('inv_doesnotexist'));

  const accepted = await admin.createInvitation(invitationFor('accepted@example.com'));
  t.is((await signUpWithTicket(emulator, accepted.url ?? '')).status, 200);
  await t.notThrowsAsync(admin.revokeInvitation(accepted.id));
  const stillAccepted = await adminFetch(emulator, 'GET', `/_emulator/invitations/${accepted.id}`);
  t.is(stillAccepted.body.status, 'accepted');
});

test('createOrganization mirrors an organization with its creator', async (t) => {
  const { admin, emulator } = t.context;
  const creator = (await adminFetch(emulator, 'POST', '/v1/users', { email_address: ['founder@example.com'] })).body.id as string;
  const createdBy = IdpUserId.is(creator) ? creator : undefined;
  const { id } = await admin.createOrganization({ name: 'Acme', ...(createdBy === undefined ? {} : { createdBy }) });
  t.regex(id, /^org_/);
  t.like((await adminFetch(emulator, 'GET', `/v1/organizations/${id}`)).body, { name: 'Acme', created_by: creator });
});

test('the user lookups and deletion agree with the emulator', async (t) => {
  const { admin, emulator } = t.context;
  const created = (await adminFetch(emulator, 'POST', '/v1/users', { email_address: ['Lookup@Example.com'] })).body.id as string;
  if (!IdpUserId.is(created)) return t.fail(`unexpected user id ${created}`);
  const user = await admin.getUser(created);
  t.true(O.isSome(user) && user.value.email === email('lookup@example.com') && user.value.emailVerified);
  t.deepEqual(
    (await admin.findUsersByEmail(email('lookup@example.com'))).map((u): string => u.idpId),
    [created],
  );
  await admin.deleteUser(created);
  t.deepEqual(await admin.getUser(created), O.none);
  await t.notThrowsAsync(admin.deleteUser(created));
});

test('listUsers pages through every user newest first, and countUsers agrees with the emulator', async (t) => {
  // A fresh emulator, so the list holds only this test's users.
  const emulator = await startIdpEmulator();
  t.teardown(() => emulator.close());
  const admin = createIdentityProviderAdmin({ apiUrl: emulator.url, secretKey: emulator.secretKey });
  const ids: string[] = [];
  for (let i = 0; i < 5; i++)
    ids.push((await adminFetch(emulator, 'POST', '/v1/users', { email_address: [`listed${i}@example.com`] })).body.id as string);
  t.is(await admin.countUsers(), 5);
  const walked: string[] = [];
  for (let offset = 0; ; offset += 2) {
    const page = await admin.listUsers({ limit: 2, offset });
    walked.push(...page.map((user) => user.idpId));
    if (page.length < 2) break;
  }
  t.deepEqual(walked, [...ids].reverse());
  t.is((await admin.listUsers({ limit: 2, offset: 4 }))[0]?.email, email('listed0@example.com'));
});
