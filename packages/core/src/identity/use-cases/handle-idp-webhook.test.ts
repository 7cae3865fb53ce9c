import test from 'ava';
import * as E from 'fp-ts/lib/Either.js';
import * as O from 'fp-ts/lib/Option.js';
import type { IdpUserId } from '../identifiers.js';
import { handleIdpWebhook } from './handle-idp-webhook.js';
import {
  createTestWorld,
  failingAcceptPendingInvitations,
  otherEvent,
  userCreatedEvent,
  userDeletedEvent,
  userUpdatedEvent,
  VALID_TEST_SIGNATURE,
  type TestWorld,
} from '../../testing/index.js';

const bytes = (body: unknown): Uint8Array => new TextEncoder().encode(typeof body === 'string' ? body : JSON.stringify(body));
const signed = { id: 'msg_1', timestamp: '1716883200', signature: VALID_TEST_SIGNATURE };

const deliver = (world: TestWorld, body: unknown, headers: Partial<typeof signed> = signed) =>
  handleIdpWebhook(world)({ rawBody: bytes(body), headers })();

const ID = 'user_2g7np7Hrk0SN6kj5EDMLDaKNL0S' as IdpUserId;

for (const missing of ['id', 'timestamp', 'signature'] as const) {
  test(`a delivery without the ${missing} header is refused with "Missing signature headers"`, async (t) => {
    const world = createTestWorld();
    const { [missing]: _dropped, ...headers } = signed;
    const result = await deliver(world, userCreatedEvent({ id: ID }), headers);
    t.deepEqual(result, E.left({ _tag: 'MissingSignatureHeaders', message: 'Missing signature headers' }));
    t.is(world.users.all().length, 0);
  });
}

test('a bad signature is refused, leaves a breadcrumb and raises no issue', async (t) => {
  const world = createTestWorld();
  const result = await deliver(world, userCreatedEvent({ id: ID }), { ...signed, signature: 'v1,forged' });
  t.true(E.isLeft(result) && result.left._tag === 'InvalidWebhookSignature');
  t.true(E.isLeft(result) && result.left.message === 'Invalid webhook signature');
  t.is(world.users.all().length, 0);
  t.is(world.errorTracker.breadcrumbs[0]?.category, 'webhook.idp');
  t.deepEqual(world.errorTracker.captured, []);
});

test('a signed body that is not JSON is a malformed event, not a crash', async (t) => {
  const world = createTestWorld();
  const result = await deliver(world, '{"type": "user.created", ');
  t.true(E.isLeft(result) && result.left._tag === 'MalformedWebhookEvent');
});

test('a user.created whose data is not a User object is a malformed event naming the field', async (t) => {
  const world = createTestWorld();
  const event = userCreatedEvent({ id: ID });
  const result = await deliver(world, { ...event, data: { ...(event['data'] as object), id: 42 } });
  t.true(E.isLeft(result) && result.left._tag === 'MalformedWebhookEvent');
  t.true(E.isLeft(result) && result.left._tag === 'MalformedWebhookEvent' && result.left.problems.some((p) => p.startsWith('data.id')));
});

test('user.created creates the user from the primary email, tracks user_signed_up, logs and leaves a breadcrumb', async (t) => {
  const world = createTestWorld();
  const result = await deliver(world, userCreatedEvent({ id: ID, email: 'Ada@Example.COM', imageUrl: 'https://img.example.com/ada.png' }));
  t.deepEqual(result, E.right({ received: true }));
  const user = O.toNullable(await world.users.findByIdpId(ID));
  t.is(String(user?.email), 'ada@example.com');
  t.is(user?.imageUrl, 'https://img.example.com/ada.png');
  t.is(world.analytics.tracked('user_signed_up'), 1);
  t.deepEqual(
    world.logger.at('info').map((entry) => entry.fields),
    [{ eventType: 'user.created', idpId: ID }],
  );
  t.deepEqual(world.errorTracker.breadcrumbs, [{ category: 'webhook.idp', data: { eventType: 'user.created', idpId: ID } }]);
});

test('a duplicate user.created leaves one user and tracks user_signed_up once', async (t) => {
  const world = createTestWorld();
  await deliver(world, userCreatedEvent({ id: ID }));
  const again = await deliver(world, userCreatedEvent({ id: ID }));
  t.deepEqual(again, E.right({ received: true }));
  t.is(world.users.all().length, 1);
  t.is(world.analytics.tracked('user_signed_up'), 1);
});

test('an analytics failure is logged at warn and the webhook still succeeds', async (t) => {
  const world = createTestWorld();
  world.analytics.failing = true;
  const result = await deliver(world, userCreatedEvent({ id: ID }));
  t.deepEqual(result, E.right({ received: true }));
  t.is(world.users.all().length, 1);
  t.is(world.logger.at('warn').length, 1);
});

test('a failure to accept pending invitations is swallowed with a warn log', async (t) => {
  const world = { ...createTestWorld(), acceptPendingInvitations: failingAcceptPendingInvitations };
  const result = await deliver(world, userCreatedEvent({ id: ID }));
  t.deepEqual(result, E.right({ received: true }));
  t.is(world.logger.at('warn')[0]?.message, 'accepting pending invitations failed');
});

test('user.updated overwrites email and image; an older update is ignored', async (t) => {
  const world = createTestWorld();
  await deliver(world, userCreatedEvent({ id: ID, updatedAt: 1000 }));
  await deliver(
    world,
    userUpdatedEvent({ id: ID, email: 'new@example.com', imageUrl: 'https://img.example.com/new.png', updatedAt: 3000 }),
  );
  await deliver(world, userUpdatedEvent({ id: ID, email: 'stale@example.com', updatedAt: 2000 }));
  const user = O.toNullable(await world.users.findByIdpId(ID));
  t.is(String(user?.email), 'new@example.com');
  t.is(user?.imageUrl, 'https://img.example.com/new.png');
});

test('user.deleted soft-deletes once and never calls the provider delete', async (t) => {
  const world = createTestWorld();
  await deliver(world, userCreatedEvent({ id: ID }));
  await deliver(world, userDeletedEvent(ID));
  const firstDeletedAt = O.toNullable(await world.users.findByIdpId(ID))?.deletedAt;
  world.clock.advance(60_000);
  await deliver(world, userDeletedEvent(ID));
  t.deepEqual(O.toNullable(await world.users.findByIdpId(ID))?.deletedAt, firstDeletedAt);
  t.deepEqual(world.idpAdmin.deleted, []);
});

test('an unknown event type is acknowledged and changes nothing', async (t) => {
  const world = createTestWorld();
  const result = await deliver(world, otherEvent('session.created'));
  t.deepEqual(result, E.right({ received: true }));
  t.is(world.users.all().length, 0);
  t.deepEqual(world.logger.at('info')[0]?.fields, { eventType: 'session.created', objectId: 'sess_2g7np7Hrk0SN6kj5EDMLDaKNL0S' });
});

test('an ignored event never logs its object (a session, an organization) as idpId', async (t) => {
  const world = createTestWorld();
  await deliver(world, otherEvent('session.created'));
  await deliver(world, otherEvent('organization.created', { object: 'organization', id: 'org_2g7np7Hrk0SN6kj5EDMLDaKNL0S' }));
  const logged = [...world.logger.at('info').map((entry) => entry.fields), ...world.errorTracker.breadcrumbs.map((crumb) => crumb.data)];
  t.is(logged.length, 4);
  t.false(logged.some((fields) => fields !== undefined && 'idpId' in fields));
  t.deepEqual(world.logger.at('info')[1]?.fields, { eventType: 'organization.created', objectId: 'org_2g7np7Hrk0SN6kj5EDMLDaKNL0S' });
});

test('a signed delivery that does not decode answers MalformedWebhookEvent and is captured, without its values', async (t) => {
  const world = createTestWorld();
  const event = userCreatedEvent({ id: ID, email: 'drift@example.com' });
  const result = await deliver(world, { ...event, data: { ...(event['data'] as object), email_addresses: 'drift@example.com' } });
  t.true(E.isLeft(result) && result.left._tag === 'MalformedWebhookEvent');
  t.is(world.errorTracker.captured.length, 1);
  t.is((world.errorTracker.captured[0] as Error).message, 'signed idp webhook did not decode');
  t.false(JSON.stringify(world.errorTracker.capturedContexts).includes('drift@example.com'));
  t.like(world.errorTracker.capturedContexts[0], { webhookId: 'msg_1' });
  const problems = world.errorTracker.capturedContexts[0]?.['problems'] as string[];
  t.true(problems.length === 1 && problems[0]!.startsWith('data.email_addresses: expected Array<'));
});

test('a signed body that is not JSON is captured too', async (t) => {
  const world = createTestWorld();
  await deliver(world, '{"type": "user.created", ');
  t.is(world.errorTracker.captured.length, 1);
});

test('a failed database write rejects so that the provider retries, and the retry converges', async (t) => {
  const world = createTestWorld();
  world.users.failWrites = true;
  await t.throwsAsync(deliver(world, userCreatedEvent({ id: ID })), { message: 'database unavailable' });
  world.users.failWrites = false;
  t.deepEqual(await deliver(world, userCreatedEvent({ id: ID })), E.right({ received: true }));
  t.is(world.users.all().length, 1);
  t.is(world.analytics.tracked('user_signed_up'), 1);
});

test('a body cut inside a UTF-8 sequence is malformed, and the next delivery decodes as if it were the first', async (t) => {
  const world = createTestWorld();
  const valid = bytes(userCreatedEvent({ id: ID }));
  const cut = Uint8Array.from([...bytes('{"type":"user.created","data":{"first_name":"J'), 0xc3]);
  const refused = await handleIdpWebhook(world)({ rawBody: cut, headers: signed })();
  t.true(E.isLeft(refused) && refused.left._tag === 'MalformedWebhookEvent');
  t.deepEqual(await handleIdpWebhook(world)({ rawBody: valid, headers: signed })(), E.right({ received: true }));
  t.is(world.users.all().length, 1);
});

test('every delivery is counted once by event type and outcome, a failed write and each refusal too', async (t) => {
  const world = createTestWorld();
  await deliver(world, userCreatedEvent({ id: ID }));
  await deliver(world, userUpdatedEvent({ id: ID }));
  await deliver(world, otherEvent('session.created', { id: 'sess_1' }));
  await deliver(world, userDeletedEvent(ID));
  const { signature: _dropped, ...unsigned } = signed;
  await deliver(world, userCreatedEvent({ id: ID }), unsigned);
  await deliver(world, userCreatedEvent({ id: ID }), { ...signed, signature: 'v1,forged' });
  await deliver(world, '{"type": "user.created", ');
  world.users.failWrites = true;
  await t.throwsAsync(deliver(world, userCreatedEvent({ id: 'user_other' as IdpUserId })));
  t.deepEqual(world.webhookMetrics.deliveries, [
    { eventType: 'user.created', outcome: 'processed' },
    { eventType: 'user.updated', outcome: 'processed' },
    { eventType: 'other', outcome: 'ignored' },
    { eventType: 'user.deleted', outcome: 'processed' },
    { eventType: 'unknown', outcome: 'missing_headers' },
    { eventType: 'unknown', outcome: 'invalid_signature' },
    { eventType: 'unknown', outcome: 'malformed' },
    { eventType: 'user.created', outcome: 'failed' },
  ]);
});

test('the primary email verification state is stored from user.created and kept current by user.updated; an older update changes nothing', async (t) => {
  const world = createTestWorld();
  const stored = async () => O.toNullable(await world.users.findByIdpId(ID));
  await deliver(world, userCreatedEvent({ id: ID, email: 'ada@example.com', verification: 'unverified', updatedAt: 1000 }));
  t.like(await stored(), { email: 'ada@example.com', emailVerified: false });
  await deliver(world, userUpdatedEvent({ id: ID, email: 'ada@example.com', verification: 'verified', updatedAt: 3000 }));
  t.like(await stored(), { emailVerified: true, idpUpdatedAt: 3000 });
  await deliver(world, userUpdatedEvent({ id: ID, email: 'ada@example.com', verification: 'unverified', updatedAt: 2000 }));
  t.like(await stored(), { emailVerified: true, idpUpdatedAt: 3000 });
});
