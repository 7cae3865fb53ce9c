import test from 'ava';
import { startIdpEmulator } from '../start-idp-emulator.js';
import { adminFetch } from '../testing/admin-fetch.js';
import { startEmulatorWithReceiver } from '../testing/emulator-with-receiver.js';

test('users: create, read, list, count, update, delete with exact JSON content type', async (t) => {
  const { emulator, receiver } = await startEmulatorWithReceiver((fn) => t.teardown(fn));
  const created = await adminFetch(emulator, 'POST', '/v1/users', {
    email_address: ['Ada@Example.com'],
    first_name: 'Ada',
    last_name: 'L',
    password: 'secret-pass',
    public_metadata: { role: 'platform_admin' },
  });
  t.is(created.status, 200);
  t.is(created.contentType, 'application/json');
  const user = created.body;
  t.regex(user.id, /^user_[0-9A-Za-z]{27}$/);
  t.regex(user.primary_email_address_id, /^idn_/);
  t.like(user.email_addresses[0], {
    email_address: 'ada@example.com',
    verification: { object: 'verification_admin', status: 'verified', strategy: 'admin' },
  });
  t.like(user, { object: 'user', first_name: 'Ada', password_enabled: true, public_metadata: { role: 'platform_admin' } });
  t.is(typeof user.image_url, 'string');

  t.deepEqual((await adminFetch(emulator, 'GET', `/v1/users/${user.id}`)).body, user);
  const listed = await adminFetch(emulator, 'GET', '/v1/users?email_address=ada%40example.com&limit=1');
  t.deepEqual(
    listed.body.map((u: { id: string }) => u.id),
    [user.id],
  );
  t.deepEqual((await adminFetch(emulator, 'GET', '/v1/users?email_address=nobody%40example.com')).body, []);
  t.deepEqual((await adminFetch(emulator, 'GET', '/v1/users/count?email_address=ada%40example.com')).body, {
    object: 'total_count',
    total_count: 1,
  });

  const first = await adminFetch(emulator, 'PATCH', `/v1/users/${user.id}`, { first_name: 'Ada2' });
  const second = await adminFetch(emulator, 'PATCH', `/v1/users/${user.id}`, { last_name: 'Lovelace' });
  t.true(first.body.updated_at > user.updated_at);
  t.true(second.body.updated_at > first.body.updated_at, 'updated_at strictly increases even within one ms');
  t.like(second.body, { first_name: 'Ada2', last_name: 'Lovelace' });

  const deleted = await adminFetch(emulator, 'DELETE', `/v1/users/${user.id}`);
  t.deepEqual(deleted.body, { object: 'user', id: user.id, deleted: true });
  t.is((await adminFetch(emulator, 'GET', `/v1/users/${user.id}`)).status, 404);

  await emulator.whenSettled();
  const events = receiver.received.map((r) => JSON.parse(r.body));
  t.deepEqual(
    events.map((e) => e.type),
    ['user.created', 'user.updated', 'user.updated', 'user.deleted'],
  );
  t.deepEqual(Object.keys(events[0]), ['data', 'object', 'type', 'timestamp', 'instance_id', 'event_attributes']);
  t.like(events[0], { object: 'event', instance_id: emulator.instanceId, data: { id: user.id } });
  t.deepEqual(events[3].data, { deleted: true, id: user.id, object: 'user' });
  t.is(receiver.received[0]?.headers['content-type'], 'application/json');
  t.is(events[2].data.updated_at, second.body.updated_at);
});

test('bad input gets the provider error envelope, never a 500', async (t) => {
  const emulator = await startIdpEmulator();
  t.teardown(() => emulator.close());
  const cases: Array<[string, string, unknown, number, string]> = [
    ['GET', '/v1/users/user_missing', undefined, 404, 'resource_not_found'],
    ['POST', '/v1/users', '{not json', 400, 'request_body_invalid'],
    ['POST', '/v1/users', '[1,2]', 400, 'request_body_invalid'],
    ['POST', '/v1/users', { email_address: ['not-an-email'] }, 422, 'form_param_format_invalid'],
    ['POST', '/v1/users', { first_name: 42 }, 422, 'form_param_format_invalid'],
    ['POST', '/v1/invitations', {}, 422, 'form_param_missing'],
    ['POST', '/v1/sessions', {}, 422, 'form_param_missing'],
    ['GET', '/v1/users?limit=0', undefined, 422, 'form_param_format_invalid'],
    ['POST', '/v1/organizations', { name: '' }, 422, 'form_param_missing'],
    ['GET', '/v1/nothing-here', undefined, 404, 'resource_not_found'],
  ];
  for (const [method, path, body, status, code] of cases) {
    const answer = await adminFetch(emulator, method, path, body);
    t.is(answer.status, status, `${method} ${path}`);
    t.is(answer.contentType, 'application/json');
    t.is(answer.body.errors[0].code, code, `${method} ${path}`);
    t.is(typeof answer.body.errors[0].long_message, 'string');
    t.is(typeof answer.body.clerk_trace_id, 'string');
  }
  const taken = await adminFetch(emulator, 'POST', '/v1/users', { email_address: ['x@example.com'] });
  t.is(taken.status, 200);
  t.is(
    (await adminFetch(emulator, 'POST', '/v1/users', { email_address: ['X@example.com'] })).body.errors[0].code,
    'form_identifier_exists',
  );
});
