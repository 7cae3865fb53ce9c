import test from 'ava';
import { startIdpEmulator } from '../start-idp-emulator.js';
import { adminFetch } from '../testing/admin-fetch.js';
import { startEmulatorWithReceiver } from '../testing/emulator-with-receiver.js';

const REDIRECT = 'https://app.example.com/accept';

const invite = (emulator: { url: string; secretKey: string }, email: string, extra: object = {}) =>
  adminFetch(emulator, 'POST', '/v1/invitations', { email_address: email, redirect_url: REDIRECT, public_metadata: {}, ...extra });

const signUpWithTicket = (url: string, ticket: string) =>
  fetch(`${url}/v1/client/sign_ups`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ strategy: 'ticket', ticket, password: 'pw-123456-long' }),
  });

const ticketOf = (invitationUrl: string): string => new URL(invitationUrl).searchParams.get('ticket') ?? '';

test('an invitation with notify (the default) is mailed: GET /_emulator/emails lists its ticket link; notify false is not', async (t) => {
  const emulator = await startIdpEmulator();
  t.teardown(() => emulator.close());
  const mailed = (await invite(emulator, 'Mailed@Example.com', { notify: true })).body;
  const byDefault = (await invite(emulator, 'default@example.com')).body;
  await invite(emulator, 'quiet@example.com', { notify: false });

  const all = await adminFetch(emulator, 'GET', '/_emulator/emails', undefined, null);
  t.is(all.status, 200);
  t.deepEqual(
    all.body.map((e: { invitation_id: string }) => e.invitation_id),
    [byDefault.id, mailed.id],
  );
  const toMailed = await adminFetch(emulator, 'GET', `/_emulator/emails?to=${encodeURIComponent('MAILED@example.com')}`, undefined, null);
  t.like(toMailed.body, [
    { object: 'email', slug: 'invitation', to_email_address: 'mailed@example.com', invitation_id: mailed.id, url: mailed.url },
  ]);
  t.regex(toMailed.body[0].id, /^ema_/);
  t.deepEqual(emulator.sentEmails('quiet@example.com'), []);
});

test('without ignore_existing an address already taken by a user is 422 form_identifier_exists', async (t) => {
  const emulator = await startIdpEmulator();
  t.teardown(() => emulator.close());
  await adminFetch(emulator, 'POST', '/v1/users', { email_address: ['taken@example.com'] });
  const refused = await invite(emulator, 'taken@example.com');
  t.is(refused.status, 422);
  t.like(refused.body.errors[0], { code: 'form_identifier_exists', meta: { param_name: 'email_address' } });
  t.is((await invite(emulator, 'taken@example.com', { ignore_existing: true })).status, 200);
});

test('revoking answers the reference messages: already revoked, already accepted (400) and unknown (404)', async (t) => {
  const emulator = await startIdpEmulator();
  t.teardown(() => emulator.close());
  const revoked = (await invite(emulator, 'revoked@example.com')).body;
  await adminFetch(emulator, 'POST', `/v1/invitations/${revoked.id}/revoke`);
  const again = await adminFetch(emulator, 'POST', `/v1/invitations/${revoked.id}/revoke`);
  t.is(again.status, 400);
  t.like(again.body.errors[0], { code: 'invitation_already_revoked', message: 'Invitation is already revoked.' });

  const accepted = (await invite(emulator, 'accepted@example.com')).body;
  t.is((await signUpWithTicket(emulator.url, ticketOf(accepted.url))).status, 200);
  const late = await adminFetch(emulator, 'POST', `/v1/invitations/${accepted.id}/revoke`);
  t.is(late.status, 400);
  t.like(late.body.errors[0], { code: 'invitation_already_accepted', message: 'Invitation is already accepted, try signing in instead.' });

  const missing = await adminFetch(emulator, 'POST', '/v1/invitations/inv_missing/revoke');
  t.is(missing.status, 404);
  t.like(missing.body.errors[0], { code: 'resource_not_found', long_message: 'No invitation was found with id inv_missing.' });
});

test('a revoked invitation ticket cannot sign up: 400 revoked_invitation, no user, no webhook', async (t) => {
  const { emulator, receiver } = await startEmulatorWithReceiver((fn) => t.teardown(fn));
  const invitation = (await invite(emulator, 'gone@example.com')).body;
  await adminFetch(emulator, 'POST', `/v1/invitations/${invitation.id}/revoke`);
  const control = await adminFetch(emulator, 'GET', `/_emulator/invitations/${invitation.id}`, undefined, null);
  t.like(control.body, { id: invitation.id, status: 'revoked', url: invitation.url, redirect_url: REDIRECT });

  const refused = await signUpWithTicket(emulator.url, control.body.ticket);
  t.is(refused.status, 400);
  t.is(((await refused.json()) as any).errors[0].code, 'revoked_invitation');
  t.deepEqual((await adminFetch(emulator, 'GET', '/v1/users?email_address=gone%40example.com')).body, []);
  await emulator.whenSettled();
  t.deepEqual(receiver.received, []);
});

test('GET /v1/invitations filters by status; without one it leaves revoked invitations out', async (t) => {
  const emulator = await startIdpEmulator();
  t.teardown(() => emulator.close());
  const pending = (await invite(emulator, 'p@example.com')).body;
  const revoked = (await invite(emulator, 'r@example.com')).body;
  const accepted = (await invite(emulator, 'a@example.com')).body;
  await adminFetch(emulator, 'POST', `/v1/invitations/${revoked.id}/revoke`);
  await signUpWithTicket(emulator.url, ticketOf(accepted.url));
  const ids = async (query: string) => (await adminFetch(emulator, 'GET', `/v1/invitations${query}`)).body.map((i: { id: string }) => i.id);
  t.deepEqual(await ids('?status=pending'), [pending.id]);
  t.deepEqual(await ids('?status=revoked'), [revoked.id]);
  t.deepEqual(await ids('?status=accepted'), [accepted.id]);
  t.deepEqual(await ids(''), [accepted.id, pending.id]);
  t.is((await adminFetch(emulator, 'GET', '/v1/invitations?status=bogus')).status, 422);
});

test('DELETE /v1/invitations/{id} answers a DeletedObject, then 404; the ticket and the stored mail are gone', async (t) => {
  const emulator = await startIdpEmulator();
  t.teardown(() => emulator.close());
  const invitation = (await invite(emulator, 'deleted@example.com')).body;
  await adminFetch(emulator, 'POST', `/v1/invitations/${invitation.id}/revoke`);
  t.is(emulator.sentEmails('deleted@example.com').length, 1);
  const deleted = await adminFetch(emulator, 'DELETE', `/v1/invitations/${invitation.id}`);
  t.deepEqual([deleted.status, deleted.body], [200, { object: 'invitation', id: invitation.id, deleted: true }]);
  t.is((await adminFetch(emulator, 'DELETE', `/v1/invitations/${invitation.id}`)).status, 404);
  t.is((await signUpWithTicket(emulator.url, ticketOf(invitation.url))).status, 422);
  t.deepEqual(emulator.sentEmails('deleted@example.com'), []);
});

test('end-to-end path: the mailed link, the redirect, a password sign-up, user.created with a ticket-verified email', async (t) => {
  const { emulator, receiver } = await startEmulatorWithReceiver((fn) => t.teardown(fn));
  const invitation = (await invite(emulator, 'path1@example.com', { public_metadata: { invitationId: 'local-9' } })).body;

  const [mail] = (await adminFetch(emulator, 'GET', '/_emulator/emails?to=path1%40example.com', undefined, null)).body;
  const redirect = await fetch(mail.url, { redirect: 'manual' });
  t.is(redirect.status, 302);
  const landing = new URL(redirect.headers.get('location') ?? '');
  t.is(landing.searchParams.get('__idp_status'), 'sign_up');
  const signUp = await signUpWithTicket(emulator.url, landing.searchParams.get('__idp_ticket') ?? '');
  t.is(signUp.status, 200);

  await emulator.whenSettled();
  const events = receiver.received.map((r) => JSON.parse(r.body));
  t.deepEqual(
    events.map((e) => e.type),
    ['user.created'],
  );
  const user = events[0].data;
  t.like(user, { public_metadata: { invitationId: 'local-9' }, password_enabled: true });
  const primary = user.email_addresses.find((e: { id: string }) => e.id === user.primary_email_address_id);
  t.like(primary, { email_address: 'path1@example.com', verification: { status: 'verified', strategy: 'ticket' } });
  t.like((await adminFetch(emulator, 'GET', `/_emulator/invitations/${invitation.id}`, undefined, null)).body, { status: 'accepted' });

  const signIn = await fetch(`${emulator.url}/v1/client/sign_ins`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identifier: 'path1@example.com', password: 'pw-123456-long' }),
  });
  t.is(signIn.status, 200);
});
