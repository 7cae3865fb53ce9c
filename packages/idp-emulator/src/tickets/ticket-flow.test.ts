import test from 'ava';
import { startIdpEmulator } from '../start-idp-emulator.js';
import { adminFetch } from '../testing/admin-fetch.js';
import { startEmulatorWithReceiver } from '../testing/emulator-with-receiver.js';

const invite = (emulator: { url: string; secretKey: string }, email: string, extra: object = {}) =>
  adminFetch(emulator, 'POST', '/v1/invitations', {
    email_address: email,
    redirect_url: 'https://app.example.com/accept',
    public_metadata: { invitationId: 'local-1' },
    notify: false,
    ...extra,
  });

test('an invitation link redirects with the ticket and a ticket sign-up creates a verified user', async (t) => {
  const { emulator, receiver } = await startEmulatorWithReceiver((fn) => t.teardown(fn));
  const invitation = (await invite(emulator, 'New@Example.com')).body;
  t.like(invitation, { object: 'invitation', email_address: 'new@example.com', status: 'pending', revoked: false });
  t.regex(invitation.id, /^inv_/);
  t.is(invitation.expires_at - invitation.created_at, 30 * 86_400_000);
  t.true(invitation.url.startsWith(`${emulator.url}/v1/tickets/accept?ticket=`));

  const redirect = await fetch(invitation.url, { redirect: 'manual' });
  t.is(redirect.status, 302);
  const location = new URL(redirect.headers.get('location') ?? '');
  const ticket = location.searchParams.get('__idp_ticket') ?? '';
  t.is(`${location.origin}${location.pathname}`, 'https://app.example.com/accept');
  t.is(location.searchParams.get('__idp_status'), 'sign_up');
  t.is(ticket, new URL(invitation.url).searchParams.get('ticket') ?? '');

  const signUp = await fetch(`${emulator.url}/v1/client/sign_ups`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ strategy: 'ticket', ticket, password: 'pw-123456', first_name: 'New' }),
  });
  t.is(signUp.status, 200);
  const result = (await signUp.json()) as any;
  t.like(result, { status: 'complete', user: { first_name: 'New', public_metadata: { invitationId: 'local-1' }, password_enabled: true } });
  t.like(result.user.email_addresses[0], {
    email_address: 'new@example.com',
    verification: { object: 'verification_ticket', status: 'verified', strategy: 'ticket' },
  });
  t.is(result.created_session_id, result.session.id);
  t.is(typeof result.jwt, 'string');

  const accepted = await adminFetch(emulator, 'GET', '/v1/invitations?status=accepted&paginated=true');
  t.is(accepted.body.total_count, 1);
  t.like(accepted.body.data[0], { id: invitation.id, status: 'accepted' });
  const again = await fetch(invitation.url, { redirect: 'manual' });
  t.is(again.status, 400);
  t.is(((await again.json()) as any).errors[0].code, 'invitation_already_accepted');
  await emulator.whenSettled();
  t.deepEqual(
    receiver.received.map((r) => JSON.parse(r.body).type),
    ['user.created'],
  );
  t.is(JSON.parse(receiver.received[0]?.body ?? '{}').data.id, result.user.id);
});

test('an existing user is sent to sign in', async (t) => {
  const emulator = await startIdpEmulator();
  t.teardown(() => emulator.close());
  await adminFetch(emulator, 'POST', '/v1/users', { email_address: ['old@example.com'] });
  const invitation = (await invite(emulator, 'old@example.com', { ignore_existing: true })).body;
  const redirect = await fetch(invitation.url, { redirect: 'manual' });
  t.is(new URL(redirect.headers.get('location') ?? '').searchParams.get('__idp_status'), 'sign_in');
});

test('duplicates, revocation and expiry follow the provider rules', async (t) => {
  const emulator = await startIdpEmulator();
  t.teardown(() => emulator.close());
  const first = (await invite(emulator, 'dup@example.com', { expires_in_days: 1 })).body;
  const duplicate = await invite(emulator, 'dup@example.com');
  t.is(duplicate.status, 400);
  t.is(duplicate.body.errors[0].code, 'duplicate_record');
  t.is((await invite(emulator, 'dup@example.com', { ignore_existing: true })).status, 200);

  const revoked = await adminFetch(emulator, 'POST', `/v1/invitations/${first.id}/revoke`);
  t.like(revoked.body, { status: 'revoked', revoked: true });
  t.false('url' in revoked.body);
  t.is((await adminFetch(emulator, 'POST', `/v1/invitations/${first.id}/revoke`)).body.errors[0].code, 'invitation_already_revoked');
  const refused = await fetch(first.url, { redirect: 'manual' });
  t.is(((await refused.json()) as any).errors[0].code, 'revoked_invitation');
  t.is((await adminFetch(emulator, 'GET', '/v1/invitations')).body.length, 1, 'the default list leaves revoked ones out');

  const short = (await invite(emulator, 'late@example.com', { expires_in_days: 1 })).body;
  emulator.advanceClock(86_400_000);
  const expired = await adminFetch(emulator, 'GET', '/v1/invitations?status=expired');
  t.deepEqual(
    expired.body.map((i: { id: string }) => i.id),
    [short.id],
  );
  const signUp = await fetch(`${emulator.url}/v1/client/sign_ups`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ strategy: 'ticket', ticket: new URL(short.url).searchParams.get('ticket') }),
  });
  t.is(signUp.status, 400);
  t.is(((await signUp.json()) as any).errors[0].code, 'ticket_expired');
  t.is((await adminFetch(emulator, 'POST', '/v1/invitations/inv_missing/revoke')).status, 404);
});
