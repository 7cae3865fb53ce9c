import anyTest, { type ExecutionContext, type TestFn } from 'ava';
import { organizationWithMembers, startEmulatedService, type EmulatedService } from '../support/emulated-service.js';
import { assertError, type ApiAnswer, type ServiceApi } from '../support/service-api.js';
import { startWebhookReceiver, verifyDelivery, type WebhookReceiver } from '../support/webhook-receiver.js';

// Outbound events over real sockets: endpoints created through the API, deliveries to a local
// receiver that verifies each one with svix and standardwebhooks, the delivery log, replay, and the feed.
const test = anyTest as TestFn<{ world: EmulatedService }>;

test.before(async (t) => {
  t.context = {
    world: await startEmulatedService({ WEBHOOK_ENDPOINT_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_SCHEDULE_SCALE: '0.001' }),
  };
});
test.after.always(async (t) => {
  await t.context.world?.close();
});

/** Polls the API until `done` holds for its answer (deliveries are made by jobs, after the request); fails past 15 s. */
const until = async (ask: () => Promise<ApiAnswer>, done: (answer: ApiAnswer) => boolean): Promise<ApiAnswer> => {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const answer = await ask();
    if (done(answer)) return answer;
    if (Date.now() > deadline)
      throw new Error(`condition not met within 15 s; last answer ${answer.status} ${JSON.stringify(answer.body)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};

let serial = 0;

/** An organization (owner plus one coach) and an endpoint at a fresh receiver, subscribed to `eventTypes`. */
const scene = async (t: ExecutionContext<{ world: EmulatedService }>, eventTypes: readonly string[]) => {
  const { world } = t.context;
  const n = ++serial;
  const ownerId = await world.seedUser(`events-owner-${n}@example.com`);
  const coachId = await world.seedUser(`events-coach-${n}@example.com`);
  const { orgId, membershipIds } = await organizationWithMembers(world, ownerId, `Events Gym ${n}`, [
    { idpId: coachId, email: `events-coach-${n}@example.com`, role: 'coach' },
  ]);
  const receiver = await startWebhookReceiver();
  t.teardown(() => receiver.close());
  const owner = world.as(ownerId);
  const created = await owner.post(`/organizations/${orgId}/webhook-endpoints`, { url: `${receiver.url}/hooks`, eventTypes });
  t.is(created.status, 201, JSON.stringify(created.body));
  receiver.secret = created.body.secret as string;
  const coachMembershipId = membershipIds.get(`events-coach-${n}@example.com`)!;
  return { owner, orgId, receiver, endpointId: created.body.endpoint.id as string, secret: receiver.secret, coachMembershipId };
};

const changeRole = (owner: ServiceApi, orgId: string, membershipId: string, role: string) =>
  owner.patch(`/organizations/${orgId}/members/${membershipId}`, { role });

const bodyOf = (receiver: WebhookReceiver, index: number) => JSON.parse(receiver.received[index]!.body) as Record<string, any>;

test('a membership change is delivered once, signed: svix and standardwebhooks both verify it', async (t) => {
  const { owner, orgId, receiver, secret, coachMembershipId } = await scene(t, ['membership.updated']);
  t.true(secret.startsWith('whsec_'));
  t.is((await changeRole(owner, orgId, coachMembershipId, 'member')).status, 200);
  const [delivery] = await receiver.whenReceived(1);
  t.deepEqual(delivery?.verified, { standardwebhooks: true, svix: true });
  t.is(delivery?.path, '/hooks');
  const event = bodyOf(receiver, 0);
  t.like(event, {
    type: 'membership.updated',
    organizationId: orgId,
    data: { membershipId: coachMembershipId, previous: { role: 'coach', status: 'active' }, current: { role: 'member', status: 'active' } },
  });
  t.is(delivery?.headers['webhook-id'], event['id']);
  t.regex(String(event['id']), /^evt_[0-9a-f]{32}$/);
  const listed = await owner.get(`/organizations/${orgId}/webhook-endpoints`);
  t.is(listed.body.items.length, 1);
  t.false(JSON.stringify(listed.body).includes(secret.slice(6)), 'the secret is shown once, at creation');
});

test('an endpoint answering 500 then 200 gets the retry, with the same webhook-id; the log lists both attempts', async (t) => {
  const { owner, orgId, receiver, endpointId, coachMembershipId } = await scene(t, ['membership.updated']);
  receiver.answer({ status: 500 }, { status: 200 });
  await changeRole(owner, orgId, coachMembershipId, 'admin');
  const deliveries = await receiver.whenReceived(2);
  t.is(receiver.ids().length, 1, 'one event, delivered twice');
  t.true(deliveries.every((delivery) => delivery.verified?.standardwebhooks === true && delivery.verified.svix));
  const log = await until(
    () => owner.get(`/organizations/${orgId}/webhook-endpoints/${endpointId}/deliveries`),
    (answer) => answer.body?.items?.length === 2,
  );
  t.deepEqual(
    log.body.items.map((attempt: { attempt: number; status: string; responseCode: number }) => [
      attempt.attempt,
      attempt.status,
      attempt.responseCode,
    ]),
    [
      [2, 'succeeded', 200],
      [1, 'failed', 500],
    ],
  );
  t.false(JSON.stringify(log.body).includes('"body"'), 'no response body is kept');
});

test('an endpoint answering 410 is disabled at once; replaying the delivery after re-enabling it delivers it', async (t) => {
  const { owner, orgId, receiver, endpointId, coachMembershipId } = await scene(t, ['membership.updated']);
  receiver.answer({ status: 410 });
  await changeRole(owner, orgId, coachMembershipId, 'member');
  await receiver.whenReceived(1);
  const endpointPath = `/organizations/${orgId}/webhook-endpoints/${endpointId}`;
  const disabled = await until(
    () => owner.get(endpointPath),
    (answer) => answer.body?.endpoint?.enabled === false,
  );
  t.like(disabled.body.endpoint, { enabled: false, disabledReason: 'gone' });

  // Disabled: a new change is not delivered.
  await changeRole(owner, orgId, coachMembershipId, 'coach');
  const enabled = await owner.patch(endpointPath, { enabled: true });
  t.like(enabled.body.endpoint, { enabled: true, disabledReason: null, failingSince: null });
  const log = await owner.get(`${endpointPath}/deliveries`);
  const deliveryId = log.body.items[0].deliveryId as string;
  const replay = await owner.post(`${endpointPath}/deliveries/${deliveryId}/retry`);
  t.like(replay.body, { delivery: { id: deliveryId, status: 'pending' } });
  const [, again] = await receiver.whenReceived(2);
  t.is(again?.headers['webhook-id'], receiver.received[0]?.headers['webhook-id'], 'the same event, replayed');
  assertError(t, await owner.post(`${endpointPath}/deliveries/00000000-0000-4000-8000-000000000000/retry`), 404, 'DeliveryNotFound');
});

test('recover since a time replays every failed delivery of the endpoint made since then', async (t) => {
  const { owner, orgId, receiver, endpointId, coachMembershipId } = await scene(t, ['membership.updated']);
  const since = new Date(Date.now() - 1000).toISOString();
  receiver.answer({ status: 410 });
  await changeRole(owner, orgId, coachMembershipId, 'member');
  await receiver.whenReceived(1);
  const endpointPath = `/organizations/${orgId}/webhook-endpoints/${endpointId}`;
  await until(
    () => owner.get(endpointPath),
    (answer) => answer.body?.endpoint?.enabled === false,
  );
  await owner.patch(endpointPath, { enabled: true });
  const recovered = await owner.post(`${endpointPath}/recover`, { since });
  t.deepEqual(recovered.body, { replayed: 1 });
  const [first, second] = await receiver.whenReceived(2);
  t.is(second?.headers['webhook-id'], first?.headers['webhook-id']);
  t.deepEqual(second?.verified, { standardwebhooks: true, svix: true });
});

test('after a rotation each delivery carries two signatures, and each secret verifies it', async (t) => {
  const { owner, orgId, receiver, endpointId, secret, coachMembershipId } = await scene(t, ['membership.updated']);
  const rotated = await owner.post(`/organizations/${orgId}/webhook-endpoints/${endpointId}/rotate-secret`);
  t.is(rotated.status, 200);
  const fresh = rotated.body.secret as string;
  t.not(fresh, secret);
  t.truthy(rotated.body.endpoint.previousSecretExpiresAt);
  await changeRole(owner, orgId, coachMembershipId, 'member');
  const [delivery] = await receiver.whenReceived(1);
  t.is(String(delivery?.headers['webhook-signature']).split(' ').length, 2);
  t.deepEqual(verifyDelivery(delivery!, fresh), { standardwebhooks: true, svix: true });
  t.deepEqual(verifyDelivery(delivery!, secret), { standardwebhooks: true, svix: true });
});

test('the pull feed pages through the organization’s events in order, and a reader at the end keeps its cursor', async (t) => {
  const { owner, orgId, coachMembershipId } = await scene(t, []);
  await changeRole(owner, orgId, coachMembershipId, 'member');
  const types: string[] = [];
  let cursor: string | null = null;
  for (;;) {
    const page: ApiAnswer = await owner.get(`/organizations/${orgId}/events?limit=2${cursor === null ? '' : `&cursor=${cursor}`}`);
    t.is(page.status, 200, JSON.stringify(page.body));
    if (page.body.items.length === 0) {
      t.is(page.body.nextCursor, cursor, 'at the end, the cursor stays where the reader is');
      break;
    }
    t.true(page.body.items.length <= 2);
    types.push(...page.body.items.map((event: { type: string }) => event.type));
    cursor = page.body.nextCursor;
  }
  t.deepEqual(types, [
    'organization.created',
    'membership.created',
    'membership.created',
    'invitation.created',
    'invitation.accepted',
    'membership.updated',
    'membership.updated',
  ]);
  assertError(t, await owner.get(`/organizations/${orgId}/events?cursor=not-a-cursor`), 400, 'ValidationFailed');
});

test('an endpoint URL the policy refuses is 422 EndpointUrlRefused naming the reason', async (t) => {
  const { owner, orgId } = await scene(t, []);
  const refused = await owner.post(`/organizations/${orgId}/webhook-endpoints`, { url: 'ftp://example.com/hooks' });
  assertError(t, refused, 422, 'EndpointUrlRefused');
  t.regex(refused.body.message, /^url: refused: /);
  assertError(t, await owner.post(`/organizations/${orgId}/webhook-endpoints`, { url: 42 }), 400, 'ValidationFailed');
});
