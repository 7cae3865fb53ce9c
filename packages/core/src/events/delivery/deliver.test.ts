import test from 'ava';
import { pushReceiptJobHandlers } from '../../devices/push-receipt-jobs.js';
import * as E from 'fp-ts/lib/Either.js';
import type { InstallationId, PushToken } from '../../devices/device.js';
import { registerDevice } from '../../devices/use-cases/register-device.js';
import { anOrganization } from '../../testing/organization-fixtures.js';
import { anEndpoint, createEventsWorld, type EventsWorld } from '../../testing/events-world.js';
import { answered, ScriptedEventSender } from '../../testing/scripted-event-sender.js';
import { emitEvent } from '../emit-event.js';
import { eventsJobHandlers } from '../events-jobs.js';
import { FAN_OUT_JOB } from '../record-event.js';
import { DELIVER_JOB } from './delivery-ports.js';

// An organization (whose creation already recorded two events, before any endpoint existed) and one membership event to deliver.
const scene = async (sender: ScriptedEventSender) => {
  const world = createEventsWorld(sender);
  const { organization, owner } = await anOrganization(world, {});
  await world.jobQueue.drain(eventsJobHandlers(world));
  const registered = await registerDevice(world)(owner.auth, {
    installationId: 'owner-phone' as InstallationId,
    pushToken: 'ExponentPushToken[events-0001]' as PushToken,
    platform: 'ios',
    appVersion: null,
    locale: null,
  })();
  if (E.isLeft(registered)) throw new Error(registered.left._tag);
  const { endpoint, secret } = await anEndpoint(world, organization.id);
  const event = await emitEvent(world, 'membership.updated', organization.id, {
    membershipId: owner.membership.id,
    userId: owner.user.id,
    previous: { role: 'owner', status: 'active' },
    current: { role: 'owner', status: 'suspended' },
  });
  return { world, organization, endpoint, secret, event };
};

// The pushes to the owner leave receipts to read: their job runs too.
const run = (world: EventsWorld) => world.jobQueue.drain({ ...eventsJobHandlers(world), ...pushReceiptJobHandlers(world) });

test('an event is delivered once to a subscribed endpoint, signed with its secret at the attempt’s time', async (t) => {
  const sender = new ScriptedEventSender([answered(204)]);
  const { world, endpoint, secret, event } = await scene(sender);
  await run(world);
  t.is(sender.requests.length, 1);
  t.like(sender.requests[0], { url: endpoint.url, eventId: event.id, secrets: [secret], timestamp: world.clock.now(), timeoutMs: 15_000 });
  t.deepEqual(JSON.parse(sender.requests[0]!.body), {
    type: 'membership.updated',
    id: event.id,
    timestamp: event.timestamp.toISOString(),
    organizationId: event.organizationId,
    data: event.data,
  });
  t.like(world.eventDeliveries.all()[0], { status: 'succeeded', attempts: 1 });
  t.like(world.eventDeliveries.attempts[0], { succeeded: true, responseCode: 204, errorKind: null, attempt: 1 });
  t.like(
    world.jobQueue.enqueued.find((job) => job.name === DELIVER_JOB),
    { options: { singletonKey: `${event.id}:${endpoint.id}` } },
  );
});

test('an endpoint filtered to other event types gets nothing', async (t) => {
  const sender = new ScriptedEventSender([answered(200)]);
  const { world, organization } = await scene(sender);
  await anEndpoint(world, organization.id, { eventTypes: ['payment.succeeded'] });
  await run(world);
  t.is(sender.requests.length, 1);
});

test('500 then 200: the failure is retried after 5 s (scheduled with startAfter), then succeeds', async (t) => {
  const sender = new ScriptedEventSender([answered(500), answered(200)]);
  const { world, endpoint } = await scene(sender);
  const start = world.clock.now().getTime();
  await run(world);
  t.is(sender.requests.length, 2);
  const retry = world.jobQueue.enqueued.filter((job) => job.name === DELIVER_JOB)[1];
  t.is(retry?.options.startAfter?.getTime(), start + 5_000);
  t.deepEqual(
    world.eventDeliveries.attempts.map((a) => [a.attempt, a.responseCode, a.errorKind]),
    [
      [1, 500, 'status'],
      [2, 200, null],
    ],
  );
  t.like(world.eventDeliveries.all()[0], { status: 'succeeded', attempts: 2 });
  t.like(await world.webhookEndpoints.find(endpoint.organizationId, endpoint.id), { value: { failingSince: null } });
});

test('Retry-After longer than the step is honoured', async (t) => {
  const sender = new ScriptedEventSender([answered(429, 120), answered(200)]);
  const { world } = await scene(sender);
  const start = world.clock.now().getTime();
  await run(world);
  t.is(world.jobQueue.enqueued.filter((job) => job.name === DELIVER_JOB)[1]?.options.startAfter?.getTime(), start + 120_000);
});

test('every attempt failing: 8 attempts along the schedule, then the delivery is dead', async (t) => {
  const sender = new ScriptedEventSender([{ kind: 'failed', reason: 'network', durationMs: 1 }]);
  const { world } = await scene(sender);
  await run(world);
  t.is(sender.requests.length, 8);
  t.like(world.eventDeliveries.all()[0], { status: 'dead', attempts: 8 });
  t.true(world.eventDeliveries.attempts.every((a) => a.errorKind === 'network' && a.responseCode === null));
});

test('a URL the policy refuses counts as a failed attempt', async (t) => {
  const sender = new ScriptedEventSender([{ kind: 'refused', reason: 'private-address', durationMs: 0 }, answered(200)]);
  const { world } = await scene(sender);
  await run(world);
  t.like(world.eventDeliveries.attempts[0], { succeeded: false, errorKind: 'refused', attempt: 1 });
  t.like(world.eventDeliveries.all()[0], { status: 'succeeded', attempts: 2 });
});

test('410 disables the endpoint at once, and its owner is told why (push)', async (t) => {
  const sender = new ScriptedEventSender([answered(410)]);
  const { world, endpoint } = await scene(sender);
  await run(world);
  t.is(sender.requests.length, 1);
  t.like(world.eventDeliveries.all()[0], { status: 'failed' });
  const stored = await world.webhookEndpoints.find(endpoint.organizationId, endpoint.id);
  t.like(stored, { _tag: 'Some', value: { enabled: false, disabledReason: 'gone' } });
  t.like(world.notifications.sent[0]?.message, { kind: 'webhook_endpoint.disabled', reason: 'gone', endpointHost: 'hooks.example.com' });
});

test('an endpoint failing every attempt for 5 days is disabled and its owner told; 4 days is not enough', async (t) => {
  const sender = new ScriptedEventSender([answered(503)]);
  const { world, endpoint } = await scene(sender);
  await world.webhookEndpoints.markFailing(endpoint.id, new Date(world.clock.now().getTime() - 4 * 86_400_000));
  const handlers = eventsJobHandlers(world);
  const delivery = world.eventDeliveries.all()[0]!;
  await handlers[DELIVER_JOB]!({ deliveryId: delivery.id });
  t.like(await world.webhookEndpoints.find(endpoint.organizationId, endpoint.id), { value: { enabled: true } });
  world.clock.advance(86_400_000);
  await handlers[DELIVER_JOB]!({ deliveryId: delivery.id });
  t.like(await world.webhookEndpoints.find(endpoint.organizationId, endpoint.id), { value: { enabled: false, disabledReason: 'failing' } });
  t.like(world.notifications.sent[0]?.message, { kind: 'webhook_endpoint.disabled', reason: 'failing' });
  t.like(world.eventDeliveries.all()[0], { status: 'failed', attempts: 2 });
});

test('during a rotation both secrets sign, newest first; after 24 h only the new one', async (t) => {
  const sender = new ScriptedEventSender([answered(200)]);
  const { world, endpoint, secret } = await scene(sender);
  const fresh = world.endpointSecretVault.generate();
  const sealed = await world.endpointSecretVault.seal(endpoint.id, fresh);
  await world.webhookEndpoints.rotateSecret(
    endpoint.organizationId,
    endpoint.id,
    sealed,
    new Date(world.clock.now().getTime() + 86_400_000),
    world.clock.now(),
  );
  await run(world);
  t.deepEqual(sender.requests[0]?.secrets, [fresh, secret]);
  world.clock.advance(86_400_000);
  await emitEvent(world, 'organization.updated', endpoint.organizationId, {
    organizationId: endpoint.organizationId,
    changedFields: [],
    updatedAt: world.clock.now().toISOString(),
  });
  await run(world);
  t.deepEqual(sender.requests[1]?.secrets, [fresh]);
});

test('an event recorded with a subscribed endpoint has its delivery and deliver job in the recording, and no fan-out job', async (t) => {
  const { world, endpoint, event } = await scene(new ScriptedEventSender([answered(204)]));
  t.like(world.eventDeliveries.all(), [{ eventId: event.id, endpointId: endpoint.id, status: 'pending', attempts: 0 }]);
  t.deepEqual(
    world.jobQueue.enqueued.filter((job) => job.name.startsWith('events.')).map((job) => job.name),
    [DELIVER_JOB],
  );
});

test('an endpoint created after an event was recorded does not get it', async (t) => {
  const sender = new ScriptedEventSender([answered(204)]);
  const { world, organization, event } = await scene(sender);
  (world.clock as unknown as { advance(ms: number): void }).advance(1_000);
  await anEndpoint(world, organization.id);
  await run(world);
  t.deepEqual(
    sender.requests.map((request) => request.eventId),
    [event.id],
    'only the endpoint that existed at the change got it',
  );
});

test('a fan-out job of an earlier version for an event already given its delivery makes no second one, nor one for a later endpoint', async (t) => {
  const sender = new ScriptedEventSender([answered(204)]);
  const { world, organization, endpoint, event } = await scene(sender);
  await run(world);
  // An earlier version recorded the same event with only its fan-out job; one endpoint came later.
  world.clock.advance(1_000);
  const later = await anEndpoint(world, organization.id);
  await eventsJobHandlers(world)[FAN_OUT_JOB]!({ eventId: event.id });
  await run(world);
  t.is(sender.requests.length, 1, 'the delivery already made is found, not made again');
  t.deepEqual(
    world.eventDeliveries.all().map((delivery) => delivery.endpointId),
    [endpoint.id],
  );
  t.false(world.eventDeliveries.all().some((delivery) => delivery.endpointId === later.endpoint.id));
});

test('a fan-out job of an earlier version, run alone, makes the delivery of an endpoint that existed at the event', async (t) => {
  const sender = new ScriptedEventSender([answered(204)]);
  const world = createEventsWorld(sender);
  const { organization, owner } = await anOrganization(world, {});
  const { endpoint } = await anEndpoint(world, organization.id);
  // The event row as an earlier version wrote it: appended, with its fan-out job and no delivery.
  const event = {
    type: 'membership.updated',
    organizationId: organization.id,
    data: { membershipId: owner.membership.id },
    id: 'evt_0123456789abcdef0123456789abcdef',
    timestamp: world.clock.now(),
  };
  await world.eventLog.append(event);
  await world.jobQueue.enqueue(FAN_OUT_JOB, { eventId: event.id });
  await run(world);
  t.deepEqual(
    sender.requests.map((request) => [request.url, request.eventId]),
    [[endpoint.url, event.id]],
  );
});
