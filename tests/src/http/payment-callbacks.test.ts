import anyTest, { type TestFn } from 'ava';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as E from 'fp-ts/lib/Either.js';
import * as O from 'fp-ts/lib/Option.js';
import { createHttpApp } from '@idv/adapters-http';
import {
  createIyzicoThreeDsScheme,
  createIyzicoWebhookScheme,
  createPaytrNotificationScheme,
  hmacBase64,
  hmacHex,
} from '@idv/adapters-payments';
import {
  commerceArea,
  agreementsArea,
  devicesArea,
  eventsArea,
  identityArea,
  organizationsArea,
  paymentsArea,
  unauthenticated,
  type OrganizationId,
  type OrganizationName,
  type PaymentTransaction,
} from '@idv/core';
import { aPayment, createPaymentsWorld, fixtureSlug, fixtureUuid, type PaymentsWorld } from '@idv/core/testing';

// The four public callback routes over a socket, with the real schemes and the replies of
// the reference's §8.6.

const SECRET = 'sandbox-secret-key-for-tests';
const PAYTR_KEY = 'paytr-test-key';
const PAYTR_SALT = 'paytr-test-salt';
const RESULT_URL = 'https://app.example.com/payments/result';
const ORG = fixtureUuid(0xd0, 1);

const test = anyTest as TestFn<{
  world: PaymentsWorld;
  url: string;
  server: Server;
  paytr: PaymentTransaction;
  iyzico: PaymentTransaction;
}>;

test.beforeEach(async (t) => {
  const world = createPaymentsWorld({
    'iyzico-3ds': createIyzicoThreeDsScheme({ secretKey: SECRET }),
    'iyzico-webhook': createIyzicoWebhookScheme({ secretKey: SECRET }),
    'paytr-notification': createPaytrNotificationScheme({ merchantKey: PAYTR_KEY, merchantSalt: PAYTR_SALT }),
  });
  // The payments' organization exists: a callback for a deleted one is only recorded.
  await world.organizations.create({
    id: ORG as OrganizationId,
    name: 'Callback Gym' as OrganizationName,
    slug: fixtureSlug(ORG),
    createdAt: new Date(0),
    updatedAt: new Date(0),
  });
  const paytr = aPayment(fixtureUuid(0xd1, 1), ORG);
  const iyzico = aPayment(fixtureUuid(0xd1, 2), ORG, { provider: 'iyzico', providerPaymentId: '25149157' });
  await world.paymentTransactions.create(paytr);
  await world.paymentTransactions.create(iyzico);
  const services = {
    ...identityArea({
      ...world,
      verifier: { verify: async () => E.left(unauthenticated('token-invalid-signature')) },
      testAuthBypass: false,
    }),
    ...organizationsArea(world),
    ...paymentsArea(world),
    ...devicesArea(world),
    ...commerceArea(world),
    ...eventsArea(world),
    ...agreementsArea(world),
    checkReadiness: async () => undefined,
  };
  const app = createHttpApp({ services, logger: world.logger, errorTracker: world.errorTracker, payments: { resultUrl: RESULT_URL } });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  t.context = { world, server, paytr, iyzico, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
});
test.afterEach.always((t) => {
  t.context.server?.close();
});

const post = (url: string, body: string, contentType: string, headers: Record<string, string> = {}) =>
  fetch(url, { method: 'POST', body, headers: { 'content-type': contentType, ...headers }, redirect: 'manual' });

const paytrForm = (oid: string, status: string, total: string, key = PAYTR_KEY) =>
  new URLSearchParams({
    merchant_oid: oid,
    status,
    total_amount: total,
    hash: hmacBase64(key, oid + PAYTR_SALT + status + total),
  }).toString();

const statusOf = async (world: PaymentsWorld, payment: PaymentTransaction) =>
  O.toNullable(await world.paymentTransactions.findById(payment.id))?.status;

test('PayTR: a verified notice answers exactly the bytes OK as text/plain, once and for its duplicate', async (t) => {
  const { url, paytr, world } = t.context;
  for (let i = 0; i < 2; i++) {
    const response = await post(
      `${url}/payments/callbacks/paytr`,
      paytrForm(paytr.merchantReference, 'success', '15000'),
      'application/x-www-form-urlencoded',
    );
    t.is(response.status, 200);
    t.regex(response.headers.get('content-type') ?? '', /^text\/plain/);
    t.deepEqual(new Uint8Array(await response.arrayBuffer()), new TextEncoder().encode('OK'));
  }
  t.is(await statusOf(world, paytr), 'succeeded');
  t.is(world.paymentInbox.all().length, 1);
});

test('PayTR: a bad hash is 400 and never OK, and changes nothing', async (t) => {
  const { url, paytr, world } = t.context;
  const response = await post(
    `${url}/payments/callbacks/paytr`,
    paytrForm(paytr.merchantReference, 'failed', '0', 'wrong-key'),
    'application/x-www-form-urlencoded',
  );
  t.is(response.status, 400);
  t.is(await response.text(), 'PAYTR notification failed: bad hash');
  t.is(await statusOf(world, paytr), 'awaiting_customer');
});

test('PayTR: a notice that is not a form answers 415 with the JSON error body /openapi.json lists (API fuzzer), and changes nothing', async (t) => {
  const { url, paytr, world } = t.context;
  const response = await post(
    `${url}/payments/callbacks/paytr`,
    paytrForm(paytr.merchantReference, 'success', '15000'),
    'application/json',
  );
  t.is(response.status, 415);
  t.like(await response.json(), { statusCode: 415, code: 'UnsupportedMediaType' });
  t.is(await statusOf(world, paytr), 'awaiting_customer');
});

test('PayTR: a notice for a payment that is not ours is acknowledged OK (stops retries) and recorded Unmatched', async (t) => {
  const { url, world } = t.context;
  const response = await post(
    `${url}/payments/callbacks/paytr`,
    paytrForm('Pnotours', 'success', '100'),
    'application/x-www-form-urlencoded',
  );
  t.is(await response.text(), 'OK');
  t.is(world.paymentInbox.all()[0]?.outcome, 'Unmatched');
});

test('iyzico webhook: a verified delivery answers 200 {received:true}; a bad or missing signature 401', async (t) => {
  const { url, iyzico, world } = t.context;
  const body = JSON.stringify({
    paymentConversationId: iyzico.merchantReference,
    merchantId: 3404590,
    paymentId: 25149157,
    status: 'SUCCESS',
    iyziEventType: 'THREE_DS_AUTH',
    iyziPaymentId: 25149157,
  });
  const signature = hmacHex(SECRET, `${SECRET}THREE_DS_AUTH25149157${iyzico.merchantReference}SUCCESS`);
  const bad = await post(`${url}/payments/callbacks/iyzico/webhook`, body, 'application/json', {
    'x-iyz-signature-v3': signature.replace(/^./, '0'),
  });
  t.is(bad.status, 401);
  t.is(((await bad.json()) as { code: string }).code, 'InvalidSignature');
  t.is((await post(`${url}/payments/callbacks/iyzico/webhook`, body, 'application/json')).status, 401);
  t.is(await statusOf(world, iyzico), 'awaiting_customer');
  const good = await post(`${url}/payments/callbacks/iyzico/webhook`, body, 'application/json', { 'X-IYZ-SIGNATURE-V3': signature });
  t.is(good.status, 200);
  t.deepEqual(await good.json(), { received: true });
  t.is(await statusOf(world, iyzico), 'succeeded');
});

test('iyzico subscription: not enabled in this deployment answers 503', async (t) => {
  const response = await post(`${t.context.url}/payments/callbacks/iyzico/subscription`, '{}', 'application/json', {
    'x-iyz-signature-v3': 'ab',
  });
  t.is(response.status, 503);
});

const threeDsForm = (paymentId: string, conversationId: string, status: string, mdStatus: string, key = SECRET) =>
  new URLSearchParams({
    status,
    paymentId,
    conversationData: '',
    conversationId,
    mdStatus,
    signature: hmacHex(key, ['', conversationId, mdStatus, paymentId, status].join(':')),
  }).toString();

test('iyzico 3DS: a verified return completes the payment and redirects 303 to the result page with tx and status', async (t) => {
  const { url, iyzico, world } = t.context;
  const response = await post(
    `${url}/payments/callbacks/iyzico/3ds`,
    threeDsForm('25149157', iyzico.merchantReference, 'success', '1'),
    'application/x-www-form-urlencoded',
  );
  t.is(response.status, 303);
  t.is(response.headers.get('location'), `${RESULT_URL}?tx=${iyzico.id}&status=succeeded`);
  t.is(await statusOf(world, iyzico), 'succeeded');
  t.deepEqual(world.paymentGateway.completed, [iyzico.id]);
});

test('iyzico 3DS: a bad signature redirects 303 with status=error and changes nothing', async (t) => {
  const { url, iyzico, world } = t.context;
  const response = await post(
    `${url}/payments/callbacks/iyzico/3ds`,
    threeDsForm('25149157', iyzico.merchantReference, 'success', '1', 'forged'),
    'application/x-www-form-urlencoded',
  );
  t.is(response.status, 303);
  t.is(response.headers.get('location'), `${RESULT_URL}?status=error`);
  t.is(await statusOf(world, iyzico), 'awaiting_customer');
  t.deepEqual(world.paymentGateway.completed, []);
});

test('callback bodies above 16 KiB are refused with 413 before any verification', async (t) => {
  const response = await post(
    `${t.context.url}/payments/callbacks/paytr`,
    `a=${'x'.repeat(16 * 1024)}`,
    'application/x-www-form-urlencoded',
  );
  t.is(response.status, 413);
  t.not(await response.text(), 'OK');
});

test('the card number and the national ID never reach the request log', async (t) => {
  const { url, world } = t.context;
  await post(
    `${url}/payments/callbacks/paytr`,
    'merchant_oid=x&status=success&total_amount=1&hash=a&cardNumber=5528790000000008',
    'application/x-www-form-urlencoded',
  );
  t.false(JSON.stringify(world.logger.entries).includes('5528790000000008'));
});

test('malformed, wrongly typed and garbage callbacks on every route are refused (4xx, or the 3DS error page), never a 500, and change nothing', async (t) => {
  const { url, world, paytr, iyzico } = t.context;
  const signedPaytr = paytrForm(paytr.merchantReference, 'success', '15000');
  const bodies: readonly (readonly [string, string | undefined])[] = [
    ['', undefined],
    ['', 'application/json'],
    ['not json', 'application/json'],
    ['[1,2,3]', 'application/json'],
    ['{"iyziEventType":null}', 'application/json'],
    ['{"paymentId":1.5,"iyziEventType":"API_AUTH","paymentConversationId":"c","status":"SUCCESS"}', 'application/json'],
    ['\u0000\u00ff\u00fe', 'application/octet-stream'],
    [Buffer.from([0xc3, 0x28, 0xa0, 0xa1]).toString('latin1'), 'application/x-www-form-urlencoded'],
    ['status=success&status=failure&paymentId=1&signature=ab', 'application/x-www-form-urlencoded'],
    [`${signedPaytr}&merchant_oid=${paytr.merchantReference}`, 'application/x-www-form-urlencoded'],
    [signedPaytr, 'application/json'],
    [signedPaytr.replace('total_amount=15000', 'total_amount=1.5e4'), 'application/x-www-form-urlencoded'],
    ['merchant_oid[]=a&status=success&total_amount=1&hash=x', 'application/x-www-form-urlencoded'],
    [
      threeDsForm('25149157', iyzico.merchantReference, 'success', '1').replace('paymentId=25149157', 'paymentId=25149157%00'),
      'application/x-www-form-urlencoded',
    ],
    [`%%%=${'%'.repeat(100)}`, 'application/x-www-form-urlencoded; charset=utf-8'],
  ];
  const routes = [
    '/payments/callbacks/iyzico/3ds',
    '/payments/callbacks/iyzico/webhook',
    '/payments/callbacks/iyzico/subscription',
    '/payments/callbacks/paytr',
  ];
  const statuses: number[] = [];
  for (const route of routes) {
    for (const [body, contentType] of bodies) {
      const response = await fetch(`${url}${route}`, {
        method: 'POST',
        body,
        redirect: 'manual',
        headers: { ...(contentType === undefined ? {} : { 'content-type': contentType }), 'x-iyz-signature-v3': 'ab'.repeat(32) },
      });
      statuses.push(response.status);
      const text = await response.text();
      t.true(
        (response.status >= 300 && response.status < 500) || response.status === 503,
        `${route} ${JSON.stringify(body).slice(0, 60)} answered ${response.status}`,
      );
      if (route.endsWith('/paytr')) t.not(text, 'OK');
      if (route.endsWith('/3ds')) t.is(response.headers.get('location'), `${RESULT_URL}?status=error`);
    }
  }
  t.false(statuses.includes(500));
  t.is(await statusOf(world, paytr), 'awaiting_customer');
  t.is(await statusOf(world, iyzico), 'awaiting_customer');
  t.is(world.paymentInbox.all().length, 0, 'nothing unverified is recorded');
});
