import test from 'ava';
import { startIdpEmulator } from '../start-idp-emulator.js';
import { adminFetch } from '../testing/admin-fetch.js';
import { startEmulatorWithReceiver } from '../testing/emulator-with-receiver.js';

test('adding a primary email address changes the user primary email and emits user.updated', async (t) => {
  const { emulator, receiver } = await startEmulatorWithReceiver((fn) => t.teardown(fn));
  const user = (await adminFetch(emulator, 'POST', '/v1/users', { email_address: ['old@example.com'] })).body;
  const added = await adminFetch(emulator, 'POST', '/v1/email_addresses', {
    user_id: user.id,
    email_address: 'New@Example.com',
    verified: true,
    primary: true,
  });
  t.is(added.status, 200);
  t.like(added.body, { object: 'email_address', email_address: 'new@example.com', verification: { status: 'verified' } });
  const after = (await adminFetch(emulator, 'GET', `/v1/users/${user.id}`)).body;
  t.is(after.primary_email_address_id, added.body.id);
  t.deepEqual(
    after.email_addresses.map((e: { email_address: string }) => e.email_address),
    ['old@example.com', 'new@example.com'],
  );
  t.true(after.updated_at > user.updated_at);
  await emulator.whenSettled();
  t.deepEqual(
    receiver.received.map((r) => JSON.parse(r.body).type),
    ['user.created', 'user.updated'],
  );
  t.is(JSON.parse(receiver.received[1]?.body ?? '{}').data.primary_email_address_id, added.body.id);
});

test('a taken address, an unknown user or a missing field get the provider error envelope', async (t) => {
  const emulator = await startIdpEmulator();
  t.teardown(() => emulator.close());
  const user = (await adminFetch(emulator, 'POST', '/v1/users', { email_address: ['taken@example.com'] })).body;
  const cases: Array<[Record<string, unknown>, number, string]> = [
    [{ user_id: user.id, email_address: 'TAKEN@example.com' }, 422, 'form_identifier_exists'],
    [{ user_id: 'user_missing', email_address: 'free@example.com' }, 404, 'resource_not_found'],
    [{ user_id: user.id }, 422, 'form_param_missing'],
    [{ user_id: user.id, email_address: 'not-an-email' }, 422, 'form_param_format_invalid'],
  ];
  for (const [body, status, code] of cases) {
    const answer = await adminFetch(emulator, 'POST', '/v1/email_addresses', body);
    t.is(answer.status, status, JSON.stringify(body));
    t.is(answer.body.errors[0].code, code, JSON.stringify(body));
  }
  t.is((await adminFetch(emulator, 'POST', '/v1/email_addresses', { user_id: user.id, email_address: 'x@example.com' }, null)).status, 401);
});

test('an unverified sign-up emits user.created with an unverified primary address; PATCH verified:true verifies it and emits user.updated', async (t) => {
  const { emulator, receiver } = await startEmulatorWithReceiver((fn) => t.teardown(fn));
  const signUp = await adminFetch(emulator, 'POST', '/_emulator/sign-ups', {
    email_address: ['Late@Example.com'],
    password: 'late-password-1',
  });
  t.is(signUp.status, 200);
  const primary = signUp.body.email_addresses[0];
  t.is(signUp.body.primary_email_address_id, primary.id);
  t.like(primary, { email_address: 'late@example.com', verification: { status: 'unverified', strategy: 'email_code' } });

  const verified = await adminFetch(emulator, 'PATCH', `/v1/email_addresses/${primary.id}`, { verified: true });
  t.is(verified.status, 200);
  t.like(verified.body, { id: primary.id, verification: { status: 'verified' } });
  t.deepEqual((await adminFetch(emulator, 'GET', `/v1/email_addresses/${primary.id}`)).body, verified.body);
  const after = (await adminFetch(emulator, 'GET', `/v1/users/${signUp.body.id}`)).body;
  t.true(after.updated_at > signUp.body.updated_at);

  const unverified = await adminFetch(emulator, 'PATCH', `/v1/email_addresses/${primary.id}`, { verified: false });
  t.is(unverified.body.verification, null);
  t.is((await adminFetch(emulator, 'PATCH', '/v1/email_addresses/idn_missing', { verified: true })).status, 404);

  await emulator.whenSettled();
  const events = receiver.received.map((r) => JSON.parse(r.body));
  t.deepEqual(
    events.map((e) => e.type),
    ['user.created', 'user.updated', 'user.updated'],
  );
  t.is(events[0].data.email_addresses[0].verification.status, 'unverified');
  t.is(events[1].data.email_addresses[0].verification.status, 'verified');
  t.is(events[2].data.email_addresses[0].verification, null);
});

test('an address added with verified:false is stored unverified', async (t) => {
  const emulator = await startIdpEmulator();
  t.teardown(() => emulator.close());
  const user = (await adminFetch(emulator, 'POST', '/v1/users', { email_address: ['first@example.com'] })).body;
  const added = await adminFetch(emulator, 'POST', '/v1/email_addresses', {
    user_id: user.id,
    email_address: 'second@example.com',
    verified: false,
  });
  t.like(added.body, { email_address: 'second@example.com', verification: null });
});
