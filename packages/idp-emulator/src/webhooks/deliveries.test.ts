import test from 'ava';
import { Webhook } from 'standardwebhooks';
import { startIdpEmulator } from '../start-idp-emulator.js';
import type { IdpEmulator } from '../idp-emulator.js';
import { adminFetch } from '../testing/admin-fetch.js';
import { renameWebhookHeaders, startWebhookReceiver, type Responder } from '../testing/webhook-receiver.js';

const setup = async (t: import('ava').ExecutionContext, respond?: Responder) => {
  const receiver = await startWebhookReceiver(respond);
  const emulator = await startIdpEmulator({ webhookUrl: receiver.url, timeScale: 0.001 });
  t.teardown(async () => {
    await emulator.close();
    await receiver.close();
  });
  return { receiver, emulator };
};

const createUser = async (emulator: IdpEmulator, email: string): Promise<string> =>
  (await adminFetch(emulator, 'POST', '/v1/users', { email_address: [email] })).body.id;

test('failed attempts are retried on the scaled schedule with the same id and a fresh timestamp', async (t) => {
  // The receiver is set up before the emulator exists, so it reaches the emulator through this holder.
  const late: { emulator?: IdpEmulator } = {};
  const { receiver, emulator: started } = await setup(t, (_req, index) => {
    // Move the emulator clock between attempts so the retry's timestamp differs observably.
    if (index === 1) late.emulator?.advanceClock(3_000);
    return index < 2 ? 500 : 200;
  });
  late.emulator = started;
  const userId = await createUser(started, 'retry@example.com');
  await started.whenSettled();
  const log = started.deliveries();
  t.deepEqual(
    log.map((d) => d.attempt),
    [1, 2, 3],
  );
  t.deepEqual(
    log.map((d) => d.status),
    [500, 500, 200],
  );
  t.is(new Set(log.map((d) => d.messageId)).size, 1);
  t.like(log[0], { eventType: 'user.created', userId });
  const ids = receiver.received.map((r) => r.headers['idp-webhook-id']);
  t.deepEqual(ids, [ids[0], ids[0], ids[0]]);
  const stamps = receiver.received.map((r) => Number(r.headers['idp-webhook-timestamp']));
  t.true((stamps[2] ?? 0) >= (stamps[0] ?? 0) + 3, 'third attempt carries its own timestamp');
  const wh = new Webhook(started.webhookSecret);
  for (const r of receiver.received) t.truthy(wh.verify(r.body, renameWebhookHeaders(r.headers, 'webhook')));
});

test('network errors are logged and retried', async (t) => {
  const { emulator } = await setup(t);
  emulator.setWebhookUrl('http://127.0.0.1:1/unreachable');
  await createUser(emulator, 'net@example.com');
  await t.throwsAsync(emulator.whenSettled(50), { message: /not settled/ });
  emulator.setWebhookUrl(undefined);
  await emulator.whenSettled();
  t.is(emulator.deliveries()[0]?.status, 'network-error');
});

test('duplicate mode sends every message twice under one id', async (t) => {
  const { receiver, emulator } = await setup(t);
  emulator.setDeliveryMode({ duplicate: true });
  await createUser(emulator, 'dup@example.com');
  await emulator.whenSettled();
  t.is(receiver.received.length, 2);
  t.is(receiver.received[0]?.headers['idp-webhook-id'], receiver.received[1]?.headers['idp-webhook-id']);
  t.is(receiver.received[0]?.body, receiver.received[1]?.body);
});

test('held messages are released in reverse order on request', async (t) => {
  const { receiver, emulator } = await setup(t);
  emulator.setDeliveryMode({ hold: true });
  const userId = await createUser(emulator, 'order@example.com');
  await adminFetch(emulator, 'PATCH', `/v1/users/${userId}`, { first_name: 'Later' });
  t.is(receiver.received.length, 0);
  t.is(emulator.releaseHeld('reverse'), 2);
  await emulator.whenSettled();
  t.deepEqual(
    receiver.received.map((r) => JSON.parse(r.body).type),
    ['user.updated', 'user.created'],
  );
});

test('whenDeliveredExceptHeld waits for every delivery but the held ones, which stay held', async (t) => {
  // The first request to arrive is retried@'s first attempt (held@'s is held): it fails once.
  const { receiver, emulator } = await setup(t, (_req, index) => (index === 0 ? 500 : 200));
  emulator.setDeliveryMode({ hold: true });
  await createUser(emulator, 'held@example.com');
  emulator.setDeliveryMode({ hold: false });
  await createUser(emulator, 'retried@example.com');
  await emulator.whenDeliveredExceptHeld();
  t.deepEqual(
    emulator.deliveries().map((d) => d.status),
    [500, 200],
    'the failed attempt was retried before it resolved',
  );
  t.is(emulator.heldCount(), 1);
  await t.throwsAsync(emulator.whenSettled(50), { message: /not settled/ });
  emulator.releaseHeld();
  await emulator.whenSettled();
  t.is(receiver.received.length, 3);
});

test('delay mode holds messages for a while, then delivers them without a release call', async (t) => {
  const { receiver, emulator } = await setup(t);
  const mode = await adminFetch(emulator, 'PUT', '/_emulator/delivery-mode', { delayMs: 20 }, null);
  t.like(mode.body, { delayMs: 20, reorder: 'fifo', hold: false, duplicate: false });
  const a = await createUser(emulator, 'a@example.com');
  const b = await createUser(emulator, 'b@example.com');
  const settled = await adminFetch(emulator, 'GET', '/_emulator/deliveries/settled?timeoutMs=10000', undefined, null);
  t.deepEqual(settled.body, { settled: true, pending: 0, held: 0 });
  t.deepEqual(receiver.received.map((r) => JSON.parse(r.body).data.id).sort(), [a, b].sort());
  const log = await adminFetch(emulator, 'GET', '/_emulator/deliveries', undefined, null);
  t.is(log.contentType, 'application/json');
  t.deepEqual(Object.keys(log.body[0]).sort(), ['at', 'attempt', 'durationMs', 'eventType', 'messageId', 'sequence', 'status', 'userId']);
});

test("a held batch is released in the mode's reorder order over the control API", async (t) => {
  const { receiver, emulator } = await setup(t);
  await adminFetch(emulator, 'PUT', '/_emulator/delivery-mode', { hold: true, reorder: 'reverse' }, null);
  const ids = [
    await createUser(emulator, 'r1@example.com'),
    await createUser(emulator, 'r2@example.com'),
    await createUser(emulator, 'r3@example.com'),
  ];
  t.deepEqual((await adminFetch(emulator, 'POST', '/_emulator/deliveries/release', undefined, null)).body, { released: 3 });
  await emulator.whenSettled();
  t.deepEqual(
    receiver.received.map((r) => JSON.parse(r.body).data.id),
    [...ids].reverse(),
  );
  t.deepEqual(
    emulator.deliveries().map((d) => d.userId),
    [...ids].reverse(),
  );
  t.deepEqual(
    emulator.deliveries().map((d) => d.sequence),
    [3, 2, 1],
    "the log keeps each message's publication order",
  );
});

test('concurrency puts several attempts in flight at once; the settled long-poll waits for all of them', async (t) => {
  // The receiver answers none until three requests are open at once: with one attempt at a time this never settles.
  let openAll: () => void = () => undefined;
  const allOpen = new Promise<void>((resolve) => {
    openAll = resolve;
  });
  const { receiver, emulator } = await setup(t, async (_request, index) => {
    if (index === 2) openAll();
    await allOpen;
    return 200;
  });
  const mode = await adminFetch(emulator, 'PUT', '/_emulator/delivery-mode', { concurrency: 3 }, null);
  t.like(mode.body, { concurrency: 3, duplicate: false, hold: false });
  for (const email of ['c1@example.com', 'c2@example.com', 'c3@example.com']) await createUser(emulator, email);
  t.is((await adminFetch(emulator, 'GET', '/_emulator/deliveries/settled?timeoutMs=10000', undefined, null)).status, 200);
  t.is(receiver.received.length, 3);
  t.deepEqual(
    emulator
      .deliveries()
      .map((d) => d.sequence)
      .sort(),
    [1, 2, 3],
  );
  t.is((await adminFetch(emulator, 'PUT', '/_emulator/delivery-mode', { concurrency: 0 }, null)).status, 422);
});

test('the settled long-poll answers 408 while messages are held, and release works over HTTP', async (t) => {
  const { receiver, emulator } = await setup(t);
  await adminFetch(emulator, 'PUT', '/_emulator/delivery-mode', { hold: true }, null);
  await createUser(emulator, 'held@example.com');
  const waiting = await adminFetch(emulator, 'GET', '/_emulator/deliveries/settled?timeoutMs=10', undefined, null);
  t.is(waiting.status, 408);
  t.like(waiting.body, { settled: false, held: 1 });
  const released = await adminFetch(emulator, 'POST', '/_emulator/deliveries/release', { order: 'fifo' }, null);
  t.deepEqual(released.body, { released: 1 });
  t.is((await adminFetch(emulator, 'GET', '/_emulator/deliveries/settled', undefined, null)).status, 200);
  t.is(receiver.received.length, 1);
});
