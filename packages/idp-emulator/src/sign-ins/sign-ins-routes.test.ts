import test from 'ava';
import { decodeJwt, importSPKI, jwtVerify } from 'jose';
import { startIdpEmulator } from '../start-idp-emulator.js';
import type { EmulatorLogger } from '../support/logger.js';
import { adminFetch } from '../testing/admin-fetch.js';
import { startEmulatorWithReceiver } from '../testing/emulator-with-receiver.js';

const PASSWORD = 'correct-horse-battery-9';

const signIn = (url: string, body: Record<string, string>, form = false) =>
  fetch(`${url}/v1/client/sign_ins`, {
    method: 'POST',
    headers: { 'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json' },
    body: form ? new URLSearchParams(body) : JSON.stringify(body),
  });

test('a password sign-in (JSON or form, no secret key) opens a session whose token names the user', async (t) => {
  const emulator = await startIdpEmulator();
  t.teardown(() => emulator.close());
  const user = (await adminFetch(emulator, 'POST', '/v1/users', { email_address: ['e2e@example.com'], password: PASSWORD })).body;

  for (const form of [false, true]) {
    const response = await signIn(emulator.url, { identifier: 'E2E@example.com', password: PASSWORD }, form);
    t.is(response.status, 200);
    const body = (await response.json()) as any;
    t.like(body, { object: 'sign_in_attempt', status: 'complete', user: { id: user.id } });
    const { payload } = await jwtVerify(body.jwt, await importSPKI(emulator.publicKeyPem(), 'RS256'), { issuer: emulator.issuer });
    t.like(payload, { sub: user.id, sid: body.created_session_id });
    const session = await adminFetch(emulator, 'GET', `/v1/sessions/${body.created_session_id}`);
    t.like(session.body, { status: 'active', user_id: user.id });
    const fresh = await adminFetch(emulator, 'POST', `/v1/sessions/${body.created_session_id}/tokens`);
    t.is(decodeJwt(fresh.body.jwt).sid, body.created_session_id);
  }
});

test('a wrong password answers 422 form_password_incorrect and an unknown identifier 422 form_identifier_not_found', async (t) => {
  const emulator = await startIdpEmulator();
  t.teardown(() => emulator.close());
  await adminFetch(emulator, 'POST', '/v1/users', { email_address: ['pw@example.com'], password: PASSWORD });
  await adminFetch(emulator, 'POST', '/v1/users', { email_address: ['nopw@example.com'] });
  const cases: Array<[Record<string, string>, number, string]> = [
    [{ identifier: 'pw@example.com', password: 'wrong' }, 422, 'form_password_incorrect'],
    [{ identifier: 'nopw@example.com', password: PASSWORD }, 422, 'form_password_incorrect'],
    [{ identifier: 'nobody@example.com', password: PASSWORD }, 422, 'form_identifier_not_found'],
    [{ identifier: 'pw@example.com' }, 422, 'form_param_missing'],
    [{ identifier: 'pw@example.com', password: PASSWORD, strategy: 'ticket' }, 422, 'form_param_format_invalid'],
  ];
  for (const [body, status, code] of cases) {
    const response = await signIn(emulator.url, body);
    t.is(response.status, status, JSON.stringify(body));
    t.is(response.headers.get('content-type'), 'application/json');
    t.is(((await response.json()) as any).errors[0].code, code, JSON.stringify(body));
  }
});

test('a password set by update replaces the old one; a deleted user can no longer sign in', async (t) => {
  const emulator = await startIdpEmulator();
  t.teardown(() => emulator.close());
  const user = (await adminFetch(emulator, 'POST', '/v1/users', { email_address: ['swap@example.com'], password: PASSWORD })).body;
  await adminFetch(emulator, 'PATCH', `/v1/users/${user.id}`, { password: 'second-password-1' });
  t.is((await signIn(emulator.url, { identifier: 'swap@example.com', password: PASSWORD })).status, 422);
  t.is((await signIn(emulator.url, { identifier: 'swap@example.com', password: 'second-password-1' })).status, 200);
  await adminFetch(emulator, 'DELETE', `/v1/users/${user.id}`);
  const gone = await signIn(emulator.url, { identifier: 'swap@example.com', password: 'second-password-1' });
  t.is(((await gone.json()) as any).errors[0].code, 'form_identifier_not_found');
});

test('the password never appears in user JSON, webhooks or logs', async (t) => {
  const logged: string[] = [];
  const logger: EmulatorLogger = {
    info: (obj, msg) => void logged.push(JSON.stringify({ obj, msg })),
    warn: (obj, msg) => void logged.push(JSON.stringify({ obj, msg })),
  };
  const { emulator, receiver } = await startEmulatorWithReceiver((fn) => t.teardown(fn), { logger });
  const created = await adminFetch(emulator, 'POST', '/v1/users', { email_address: ['secret@example.com'], password: PASSWORD });
  const signedIn = await (await signIn(emulator.url, { identifier: 'secret@example.com', password: PASSWORD })).text();
  await signIn(emulator.url, { identifier: 'secret@example.com', password: `${PASSWORD}-wrong` });
  await emulator.whenSettled();
  const seen = [JSON.stringify(created.body), signedIn, ...receiver.received.map((r) => r.body), ...logged].join('\n');
  t.true(created.body.password_enabled);
  t.false(seen.includes(PASSWORD));
});
