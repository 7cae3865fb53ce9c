import test from 'ava';
import { createEventSender } from '@idv/adapters-notifications';
import type { EventDeliveryRequest } from '@idv/core';
import { startWebhookReceiver, verifyDelivery } from '../support/webhook-receiver.js';

// Fixed, readable secrets: `whsec_` and the base64 of 32 bytes, as an endpoint's would be.
const SECRET = `whsec_${Buffer.alloc(32, 11).toString('base64')}`;
const NEXT_SECRET = `whsec_${Buffer.alloc(32, 12).toString('base64')}`;
const BODY = JSON.stringify({
  type: 'membership.created',
  id: 'evt_2f1c',
  timestamp: '2026-12-05T10:00:00.000Z',
  organizationId: 'org_1',
  data: { role: 'member', note: 'çağrı  spaced' },
});

// The receiver is on loopback over plain http, as the development setting allows.
const sender = createEventSender({ allowPrivate: true });

const deliveryTo = (url: string, overrides: Partial<EventDeliveryRequest> = {}): EventDeliveryRequest => ({
  url,
  eventId: 'evt_2f1c',
  timestamp: new Date(),
  body: BODY,
  secrets: [SECRET],
  timeoutMs: 15_000,
  ...overrides,
});

const started = async (t: { teardown: (fn: () => Promise<void>) => void }, secret?: string) => {
  const receiver = await startWebhookReceiver(secret);
  t.teardown(receiver.close);
  return receiver;
};

test('a delivery is posted as JSON with the Standard Webhooks headers and verifies under standardwebhooks and svix', async (t) => {
  const receiver = await started(t, SECRET);
  const outcome = await sender.send(deliveryTo(`${receiver.url}/hooks/idv?team=crm`));
  t.like(outcome, { kind: 'answered', status: 204 });
  const [delivery] = receiver.received;
  t.is(delivery?.method, 'POST');
  t.is(delivery?.path, '/hooks/idv?team=crm');
  t.is(delivery?.body, BODY);
  t.is(delivery?.headers['content-type'], 'application/json');
  t.is(delivery?.headers['webhook-id'], 'evt_2f1c');
  t.regex(delivery?.headers['user-agent'] ?? '', /^idv-membership-webhooks\//);
  t.deepEqual(delivery?.verified, { standardwebhooks: true, svix: true });
});

test('the signed timestamp is the request timestamp, in seconds, and a changed body no longer verifies', async (t) => {
  const receiver = await started(t);
  const timestamp = new Date();
  await sender.send(deliveryTo(receiver.url, { timestamp }));
  const [delivery] = receiver.received;
  t.is(delivery?.headers['webhook-timestamp'], String(Math.floor(timestamp.getTime() / 1000)));
  t.deepEqual(verifyDelivery({ headers: delivery?.headers ?? {}, body: BODY.replace('member', 'owner') }, SECRET), {
    standardwebhooks: false,
    svix: false,
  });
});

test('two live secrets give two space-separated signatures, and each secret verifies under both libraries', async (t) => {
  const receiver = await started(t);
  await sender.send(deliveryTo(receiver.url, { secrets: [NEXT_SECRET, SECRET] }));
  const [delivery] = receiver.received;
  const signatures = String(delivery?.headers['webhook-signature']).split(' ');
  t.is(signatures.length, 2);
  t.true(signatures.every((signature) => signature.startsWith('v1,')));
  t.deepEqual(verifyDelivery(delivery!, NEXT_SECRET), { standardwebhooks: true, svix: true });
  t.deepEqual(verifyDelivery(delivery!, SECRET), { standardwebhooks: true, svix: true });
  t.deepEqual(verifyDelivery(delivery!, `whsec_${Buffer.alloc(32, 13).toString('base64')}`), { standardwebhooks: false, svix: false });
});

test('any status is an answer: 500 and 410 are reported as answered, with the duration and nothing of the body', async (t) => {
  const receiver = await started(t);
  receiver.answer({ status: 500, body: 'internal stack trace' }, { status: 410, body: 'gone' });
  const failed = await sender.send(deliveryTo(receiver.url));
  const gone = await sender.send(deliveryTo(receiver.url));
  t.deepEqual(Object.keys(failed).sort(), ['durationMs', 'kind', 'status']);
  t.like(failed, { kind: 'answered', status: 500 });
  t.like(gone, { kind: 'answered', status: 410 });
  t.true(failed.durationMs >= 0);
  // The same event twice is one event to a receiver that dedupes on webhook-id.
  t.is((await receiver.whenReceived(2)).length, 2);
  t.deepEqual(receiver.ids(), ['evt_2f1c']);
});

test('a redirect is an answer, never followed', async (t) => {
  const receiver = await started(t);
  receiver.answer({ status: 302, headers: { location: `${receiver.url}/elsewhere` } });
  const outcome = await sender.send(deliveryTo(`${receiver.url}/hooks`));
  t.like(outcome, { kind: 'answered', status: 302 });
  t.deepEqual(
    receiver.received.map(({ path }) => path),
    ['/hooks'],
  );
});

test('Retry-After is read in seconds and as an HTTP date', async (t) => {
  const receiver = await started(t);
  const now = Date.parse('2026-12-05T10:00:00Z');
  const clocked = createEventSender({ allowPrivate: true, now: () => now });
  receiver.answer(
    { status: 429, headers: { 'retry-after': '120' } },
    { status: 503, headers: { 'retry-after': 'Sat, 05 Dec 2026 10:05:00 GMT' } },
    { status: 503, headers: { 'retry-after': 'later' } },
  );
  t.like(await clocked.send(deliveryTo(receiver.url)), { kind: 'answered', status: 429, retryAfterSeconds: 120 });
  t.like(await clocked.send(deliveryTo(receiver.url)), { kind: 'answered', status: 503, retryAfterSeconds: 300 });
  t.false('retryAfterSeconds' in (await clocked.send(deliveryTo(receiver.url))));
});

test('an endpoint that does not answer within the timeout is a failed delivery (timeout)', async (t) => {
  const receiver = await started(t);
  receiver.answer('hang');
  const outcome = await sender.send(deliveryTo(receiver.url, { timeoutMs: 300 }));
  t.like(outcome, { kind: 'failed', reason: 'timeout' });
  t.is(receiver.received.length, 1);
});

test('the response body is never read through: an endless body still ends in an answer', async (t) => {
  const receiver = await started(t);
  receiver.answer('endless-body');
  const outcome = await sender.send(deliveryTo(receiver.url));
  t.deepEqual(Object.keys(outcome).sort(), ['durationMs', 'kind', 'status']);
  t.like(outcome, { kind: 'answered', status: 200 });
  // The connection was dropped, not kept half-read: the next delivery goes through.
  t.like(await sender.send(deliveryTo(receiver.url)), { kind: 'answered', status: 204 });
});

test('a connection refused is a failed delivery (network)', async (t) => {
  const receiver = await startWebhookReceiver();
  await receiver.close();
  t.like(await sender.send(deliveryTo(receiver.url)), { kind: 'failed', reason: 'network' });
});
