import anyTest, { type TestFn } from 'ava';
import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { Webhook } from 'standardwebhooks';
import { otherEvent, userCreatedEvent } from '@idv/core/testing';
import { startTestProvider, type TestProvider } from '../support/test-provider.js';
import { providerEnv, startServiceUnderTest, type ServiceUnderTest } from '../support/service-under-test.js';
import { capturedExceptions, rawRequest, type RawResponse } from './raw-http.js';

// Standard Webhooks cases against the real server, and the webhook route's own rules.
const test = anyTest as TestFn<{ provider: TestProvider; service: ServiceUnderTest }>;

const BODY_LIMIT = 512 * 1024;

test.before(async (t) => {
  const provider = await startTestProvider();
  t.context = { provider, service: await startServiceUnderTest(providerEnv(provider)) };
});
test.after.always(async (t) => {
  await t.context.service?.close();
  await t.context.provider?.close();
});

type Ctx = { context: { provider: TestProvider; service: ServiceUnderTest } };
let sequence = 0;
const eventBody = (): string => {
  sequence += 1;
  return JSON.stringify(userCreatedEvent({ id: `user_sigcase${sequence}`, email: `sigcase${sequence}@example.com` }));
};
const newSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`;
const post = (
  t: Ctx,
  body: string | Buffer,
  headers: Record<string, string | string[]>,
  contentType: string | undefined = 'application/json',
): Promise<RawResponse> =>
  rawRequest(t.context.service.url, {
    method: 'POST',
    path: '/webhooks/idp',
    headers: { ...(contentType === undefined ? {} : { 'content-type': contentType }), ...headers },
    body,
  });
const codeOf = (response: RawResponse): unknown => (JSON.parse(response.body) as { code?: unknown }).code;
/** The `v1,<base64>` entry signing `body` with `secret` at `at`. */
const signatureWith = (secret: string, id: string, at: Date, body: string): string => new Webhook(secret).sign(id, at, body);

test('a correctly signed delivery is accepted', async (t) => {
  const body = eventBody();
  const response = await post(t, body, t.context.provider.sign(body));
  t.is(response.status, 200);
  t.deepEqual(JSON.parse(response.body), { received: true });
});

test('a tampered body, another secret, or a signature for another id are refused with 400', async (t) => {
  const body = eventBody();
  const signed = t.context.provider.sign(body);
  const cases: [string, string, Record<string, string>][] = [
    ['tampered body', body.replace('sigcase', 'sigcasX'), signed],
    ['another secret', body, t.context.provider.sign(body, { secret: newSecret() })],
    ['another id', body, { ...signed, 'idp-webhook-id': 'msg_other' }],
    ['another timestamp', body, { ...signed, 'idp-webhook-timestamp': String(Number(signed['idp-webhook-timestamp']) - 1) }],
  ];
  for (const [name, payload, headers] of cases) {
    const response = await post(t, payload, headers);
    t.is(response.status, 400, name);
    t.is(codeOf(response), 'InvalidWebhookSignature', name);
  }
});

test('several signatures of which one is valid are accepted, wherever it stands; none valid is refused', async (t) => {
  const { provider } = t.context;
  for (const position of [0, 1, 2]) {
    const body = eventBody();
    const id = `msg_multi${position}${sequence}`;
    const at = new Date();
    const entries = [signatureWith(newSecret(), id, at, body), signatureWith(newSecret(), id, at, body)];
    entries.splice(position, 0, signatureWith(provider.webhookSecret, id, at, body));
    const headers = {
      'idp-webhook-id': id,
      'idp-webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'idp-webhook-signature': entries.join(' '),
    };
    t.is((await post(t, body, headers)).status, 200, `valid signature at position ${position}`);
  }
  const body = eventBody();
  const at = new Date();
  const none = {
    'idp-webhook-id': 'msg_none',
    'idp-webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'idp-webhook-signature': `${signatureWith(newSecret(), 'msg_none', at, body)} ${signatureWith(newSecret(), 'msg_none', at, body)}`,
  };
  t.is((await post(t, body, none)).status, 400);
});

test('secret rotation: the provider signs with the old and the new secret, and a service holding either one accepts', async (t) => {
  // Standard Webhooks rotation is sender-side: during the overlap every delivery carries both
  // signatures, so the service swaps IDP_WEBHOOK_SECRET without a window of refusals.
  const { provider } = t.context;
  for (const [name, order] of [
    ['the service holds the old secret', 'old-first'],
    ['the service holds the new secret', 'new-first'],
  ] as const) {
    const body = eventBody();
    const id = `msg_rotation_${order}`;
    const at = new Date();
    const held = signatureWith(provider.webhookSecret, id, at, body);
    const other = signatureWith(newSecret(), id, at, body);
    const signature = order === 'old-first' ? `${held} ${other}` : `${other} ${held}`;
    const response = await post(t, body, {
      'idp-webhook-id': id,
      'idp-webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'idp-webhook-signature': signature,
    });
    t.is(response.status, 200, name);
  }
});

test('two signature header lines (joined by Node) verify when either is valid', async (t) => {
  const body = eventBody();
  const signed = t.context.provider.sign(body);
  const at = new Date(Number(signed['idp-webhook-timestamp']) * 1000);
  const lines = [signatureWith(newSecret(), signed['idp-webhook-id']!, at, body), signed['idp-webhook-signature']!];
  t.is((await post(t, body, { ...signed, 'idp-webhook-signature': lines })).status, 200);
});

test('stale and future timestamps beyond five minutes are refused; inside the window they are accepted', async (t) => {
  const cases: [number, number][] = [
    [-400, 400],
    [-3600, 400],
    [400, 400],
    [86_400, 400],
    [-200, 200],
    [200, 200],
  ];
  for (const [offsetSeconds, status] of cases) {
    const body = eventBody();
    const response = await post(t, body, t.context.provider.sign(body, { at: new Date(Date.now() + offsetSeconds * 1000) }));
    t.is(response.status, status, `${offsetSeconds} s`);
  }
});

test('malformed signature headers are refused with 400, never 500', async (t) => {
  const body = eventBody();
  const signed = t.context.provider.sign(body);
  const ts = signed['idp-webhook-timestamp']!;
  const valid = signed['idp-webhook-signature']!;
  const variants: Record<string, string>[] = [
    { 'idp-webhook-timestamp': `+${ts}` },
    { 'idp-webhook-timestamp': `${ts}abc` },
    { 'idp-webhook-timestamp': `${ts}.9` },
    { 'idp-webhook-timestamp': `0${ts}` },
    { 'idp-webhook-timestamp': '-1' },
    { 'idp-webhook-timestamp': '99999999999999999999' },
    { 'idp-webhook-timestamp': 'hello' },
    { 'idp-webhook-id': `${signed['idp-webhook-id']}.x` },
    { 'idp-webhook-id': 'm'.repeat(5000) },
    { 'idp-webhook-signature': 'v1,' },
    { 'idp-webhook-signature': 'v1' },
    { 'idp-webhook-signature': ',,,' },
    { 'idp-webhook-signature': valid.replace('v1,', 'v2,') },
    { 'idp-webhook-signature': valid.replace('v1,', 'v1a,') },
    { 'idp-webhook-signature': valid.replace('v1,', 'V1,') },
    { 'idp-webhook-signature': valid.slice(0, -4) },
    { 'idp-webhook-signature': `${valid}AAAA` },
    { 'idp-webhook-signature': valid.replace('v1,', 'v1, ') },
    { 'idp-webhook-signature': `garbage\t${valid}` },
    { 'idp-webhook-signature': `v1,${'A'.repeat(8000)}` },
    { 'idp-webhook-signature': 'v1,!!!not-base64!!!' },
  ];
  for (const variant of variants) {
    const response = await post(t, body, { ...signed, ...variant });
    t.is(response.status, 400, JSON.stringify(variant).slice(0, 120));
  }
  t.deepEqual(
    capturedExceptions(t.context.service.logs.records()).filter((r) => JSON.stringify(r).includes('invalid')),
    [],
  );
});

test('rule 1 comes before the body: no signature headers and an oversized body answer 400 "Missing signature headers"', async (t) => {
  const oversized = Buffer.alloc(BODY_LIMIT + 1024, 'x');
  const expected = { statusCode: 400, error: 'Bad Request', message: 'Missing signature headers', code: 'MissingSignatureHeaders' };
  const announced = await post(t, oversized, {});
  t.is(announced.status, 400);
  t.deepEqual(JSON.parse(announced.body), expected);
  const chunked = await post(t, oversized, { 'transfer-encoding': 'chunked' });
  t.deepEqual(JSON.parse(chunked.body), expected);
  const compressed = await post(t, gzipSync(eventBody()), { 'content-encoding': 'gzip' });
  t.deepEqual(JSON.parse(compressed.body), expected);
  const partial = await post(t, oversized, { 'idp-webhook-id': 'msg_1', 'idp-webhook-timestamp': String(Math.floor(Date.now() / 1000)) });
  t.deepEqual(JSON.parse(partial.body), expected);
});

test('body size limit: a signed body over 512 KiB answers 413, announced or chunked; one just under it is handled', async (t) => {
  const padded = (bytes: number): string => {
    const event = otherEvent('session.created');
    const base = JSON.stringify({ ...event, padding: '' });
    return JSON.stringify({ ...event, padding: 'x'.repeat(bytes - base.length) });
  };
  const over = padded(BODY_LIMIT + 1);
  t.is(Buffer.byteLength(over), BODY_LIMIT + 1);
  t.is((await post(t, over, t.context.provider.sign(over))).status, 413);
  t.is((await post(t, over, { ...t.context.provider.sign(over), 'transfer-encoding': 'chunked' })).status, 413);
  const under = padded(BODY_LIMIT);
  t.is((await post(t, under, t.context.provider.sign(under))).status, 200);
});

test('content type is not part of the rule: a signed delivery is judged on its bytes whatever it is labelled, an unsigned one never passes', async (t) => {
  const types = [
    undefined,
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/xml',
    'application/json; charset=latin1',
    'application/octet-stream',
    '*/*',
    'garbage',
  ];
  for (const contentType of types) {
    const body = eventBody();
    t.is((await post(t, body, t.context.provider.sign(body), contentType)).status, 200, `signed, ${contentType}`);
    t.is(
      (await post(t, body, { ...t.context.provider.sign(body), 'idp-webhook-signature': 'v1,AAAA' }, contentType)).status,
      400,
      `forged, ${contentType}`,
    );
  }
  const compressed = t.context.provider.sign('x');
  t.is((await post(t, gzipSync(eventBody()), { ...compressed, 'content-encoding': 'gzip' })).status, 415);
});

test('a signed delivery that does not decode answers 400 and is captured in error tracking; a bad signature is never captured', async (t) => {
  const { provider, service } = t.context;
  const capturedFor = (webhookId: string) =>
    capturedExceptions(service.logs.records()).filter(
      (record) => (record['context'] as { webhookId?: string } | undefined)?.webhookId === webhookId,
    );
  const forged = eventBody();
  t.is((await post(t, forged, provider.sign(forged, { id: 'msg_forged1', secret: newSecret() }))).status, 400);
  t.deepEqual(capturedFor('msg_forged1'), [], 'an invalid signature raises no issue');
  const drifted = JSON.stringify({
    ...userCreatedEvent({ id: 'user_drift1', email: 'drift-person@example.com' }),
    data: { id: 'user_drift1', email_addresses: 'drift-person@example.com' },
  });
  const response = await post(t, drifted, provider.sign(drifted, { id: 'msg_drift1' }));
  t.is(response.status, 400);
  t.is(codeOf(response), 'MalformedWebhookEvent');
  const captured = capturedFor('msg_drift1');
  t.is(captured.length, 1);
  t.like(captured[0], { err: { message: 'signed idp webhook did not decode' }, context: { webhookId: 'msg_drift1' } });
  t.false(JSON.stringify(captured[0]).includes('drift-person@example.com'), 'the capture carries no value from the body');
});

test('an ignored event type never logs its object id as idpId', async (t) => {
  const { provider, service } = t.context;
  for (const body of [
    JSON.stringify(otherEvent('session.created')),
    JSON.stringify(otherEvent('organization.created', { object: 'organization', id: 'org_ignored1' })),
  ]) {
    t.is((await post(t, body, provider.sign(body))).status, 200);
  }
  const accepted = service.logs.records().filter((record) => record['msg'] === 'idp webhook accepted');
  t.true(accepted.some((record) => record['eventType'] === 'organization.created' && record['objectId'] === 'org_ignored1'));
  t.false(accepted.some((record) => typeof record['idpId'] === 'string' && !String(record['idpId']).startsWith('user_')));
});

test('found by the webhook fuzzer: a signed user event with values the database cannot store answers 400, never 500', async (t) => {
  const event = userCreatedEvent({ id: 'user_unstorable1', email: 'unstorable@example.com' });
  const data = event['data'] as Record<string, unknown>;
  for (const variant of [{ image_url: 'https://img.example.com/a\u0000b' }, { updated_at: 1.5 }, { updated_at: 1e300 }]) {
    const body = JSON.stringify({ ...event, data: { ...data, ...variant } });
    const response = await post(t, body, t.context.provider.sign(body));
    t.is(response.status, 400, JSON.stringify(variant));
    t.is(codeOf(response), 'MalformedWebhookEvent');
  }
  const emails = data['email_addresses'] as Record<string, unknown>[];
  const nulEmail = JSON.stringify({
    ...event,
    data: { ...data, email_addresses: [{ ...emails[0], email_address: 'a\u0000b@example.com' }] },
  });
  t.is((await post(t, nulEmail, t.context.provider.sign(nulEmail))).status, 200, 'an unusable email is dropped, as any invalid address is');
});
