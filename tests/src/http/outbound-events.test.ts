import test, { type ExecutionContext } from 'ava';
import { serviceDatabases } from '../persistence/support/backends.js';
import { organizationWithMembers, startEmulatedService, type EmulatedService } from '../support/emulated-service.js';
import { assertError, type ApiAnswer, type ServiceApi } from '../support/service-api.js';
import { startWebhookReceiver, verifyDelivery, type WebhookReceiver } from '../support/webhook-receiver.js';

// Outbound events over real sockets: endpoints created through the API, deliveries to a local
// receiver that verifies each one with svix and standardwebhooks, the delivery log, replay, and the
// feed; on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
const databases = serviceDatabases('the PostgreSQL outbound-event cases did not run: TEST_DATABASE_URL is not set');
// One service per database, started by the first case that asks (after the scratch database exists).
const worlds = new Map<string, Promise<EmulatedService>>();
const worldOf = (database: (typeof databases)[number]): Promise<EmulatedService> => {
  let started = worlds.get(database.label);
  if (started === undefined) {
    started = startEmulatedService({ ...database.env(), WEBHOOK_ENDPOINT_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_SCHEDULE_SCALE: '0.001' });
    worlds.set(database.label, started);
  }
  return started;
};
test.after.always(async () => {
  for (const world of worlds.values()) await (await world).close();
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
const scene = async (t: ExecutionContext, world: EmulatedService, eventTypes: readonly string[]) => {
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

// Each rename is one `organization.updated`: the only events an endpoint filtered to that type receives.
let names = 0;
const rename = (owner: ServiceApi, orgId: string) => owner.patch(`/organizations/${orgId}`, { name: `Renamed Gym ${++names}` });

const bodyOf = (receiver: WebhookReceiver, index: number) => JSON.parse(receiver.received[index]!.body) as Record<string, any>;

for (const database of databases) {
  const label = database.label;

  test(`${label}: a membership change is delivered once, signed: svix and standardwebhooks both verify it`, async (t) => {
    const { owner, orgId, receiver, secret, coachMembershipId } = await scene(t, await worldOf(database), ['membership.deleted']);
    t.true(secret.startsWith('whsec_'));
    t.is((await owner.delete(`/organizations/${orgId}/members/${coachMembershipId}`)).status, 200);
    const [delivery] = await receiver.whenReceived(1);
    t.deepEqual(delivery?.verified, { standardwebhooks: true, svix: true });
    t.is(delivery?.path, '/hooks');
    const event = bodyOf(receiver, 0);
    t.like(event, {
      type: 'membership.deleted',
      organizationId: orgId,
      data: { membershipId: coachMembershipId, role: 'coach', status: 'cancelled', reason: 'removed' },
    });
    t.is(delivery?.headers['webhook-id'], event['id']);
    t.regex(String(event['id']), /^evt_[0-9a-f]{32}$/);
    const listed = await owner.get(`/organizations/${orgId}/webhook-endpoints`);
    t.is(listed.body.items.length, 1);
    t.false(JSON.stringify(listed.body).includes(secret.slice(6)), 'the secret is shown once, at creation');
  });

  test(`${label}: an endpoint answering 500 then 200 gets the retry, with the same webhook-id; the log lists both attempts`, async (t) => {
    const { owner, orgId, receiver, endpointId } = await scene(t, await worldOf(database), ['organization.updated']);
    receiver.answer({ status: 500 }, { status: 200 });
    await rename(owner, orgId);
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

  test(`${label}: an endpoint answering 410 is disabled at once; replaying the delivery after re-enabling it delivers it`, async (t) => {
    const { owner, orgId, receiver, endpointId } = await scene(t, await worldOf(database), ['organization.updated']);
    receiver.answer({ status: 410 });
    await rename(owner, orgId);
    await receiver.whenReceived(1);
    const endpointPath = `/organizations/${orgId}/webhook-endpoints/${endpointId}`;
    const disabled = await until(
      () => owner.get(endpointPath),
      (answer) => answer.body?.endpoint?.enabled === false,
    );
    t.like(disabled.body.endpoint, { enabled: false, disabledReason: 'gone' });

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

  test(`${label}: recover since a time replays every failed delivery of the endpoint made since then`, async (t) => {
    const { owner, orgId, receiver, endpointId } = await scene(t, await worldOf(database), ['organization.updated']);
    const since = new Date(Date.now() - 1000).toISOString();
    receiver.answer({ status: 410 });
    await rename(owner, orgId);
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

  test(`${label}: after a rotation each delivery carries two signatures, and each secret verifies it`, async (t) => {
    const { owner, orgId, receiver, endpointId, secret } = await scene(t, await worldOf(database), ['organization.updated']);
    const rotated = await owner.post(`/organizations/${orgId}/webhook-endpoints/${endpointId}/rotate-secret`);
    t.is(rotated.status, 200);
    const fresh = rotated.body.secret as string;
    t.not(fresh, secret);
    t.truthy(rotated.body.endpoint.previousSecretExpiresAt);
    await rename(owner, orgId);
    const [delivery] = await receiver.whenReceived(1);
    t.is(String(delivery?.headers['webhook-signature']).split(' ').length, 2);
    t.deepEqual(verifyDelivery(delivery!, fresh), { standardwebhooks: true, svix: true });
    t.deepEqual(verifyDelivery(delivery!, secret), { standardwebhooks: true, svix: true });
  });

  test(`${label}: the pull feed pages through the organization’s events in commit order, each once; a reader with nothing new keeps its cursor`, async (t) => {
    const { owner, orgId, coachMembershipId } = await scene(t, await worldOf(database), []);
    await changeRole(owner, orgId, coachMembershipId, 'member');
    // A reader polls from its cursor: an event shows once every transaction older than it has ended
    // (on a shared PostgreSQL, others' transactions too), so the last ones may take a moment.
    const types: string[] = [];
    let cursor: string | null = null;
    const deadline = Date.now() + 15_000;
    while (types.length < 7 && Date.now() < deadline) {
      const page: ApiAnswer = await owner.get(`/organizations/${orgId}/events?limit=2${cursor === null ? '' : `&cursor=${cursor}`}`);
      t.is(page.status, 200, JSON.stringify(page.body));
      t.true(page.body.items.length <= 2);
      if (page.body.items.length === 0) {
        t.is(page.body.nextCursor, cursor, 'with nothing new, the cursor stays where the reader is');
        await new Promise((resolve) => setTimeout(resolve, 25));
        continue;
      }
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

  test(`${label}: an endpoint URL the policy refuses is 422 EndpointUrlRefused naming the reason`, async (t) => {
    const { owner, orgId } = await scene(t, await worldOf(database), []);
    const refused = await owner.post(`/organizations/${orgId}/webhook-endpoints`, { url: 'ftp://example.com/hooks' });
    assertError(t, refused, 422, 'EndpointUrlRefused');
    t.regex(refused.body.message, /^url: refused: /);
    assertError(t, await owner.post(`/organizations/${orgId}/webhook-endpoints`, { url: 42 }), 400, 'ValidationFailed');
  });
}
