import test from 'ava';
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseCliArgs } from './cli-args.js';
import { startPaymentsEmulator } from './start-payments-emulator.js';

// The emulator checked against the formulas written out here independently (reference §1–§4), the
// way a provider's counterpart would see it. It imports nothing of the service's.

const hex = (key: string, message: string) => createHmac('sha256', key).update(message, 'utf8').digest('hex');
const b64 = (key: string, message: string) => createHmac('sha256', key).update(message, 'utf8').digest('base64');

/** A callback receiver: records each request and answers with the next scripted reply (the last one repeats). */
const receiver = async (replies: readonly { status: number; body: string }[]) => {
  const received: { path: string; headers: Record<string, string | string[] | undefined>; body: string }[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      const reply = replies[Math.min(received.length - 1, replies.length - 1)]!;
      response.writeHead(reply.status, { 'content-type': 'text/plain' }).end(reply.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

const iyzicoCall = async (url: string, apiKey: string, secretKey: string, path: string, request: unknown) => {
  const body = JSON.stringify(request);
  const rnd = randomBytes(8).toString('hex');
  const authorization = `IYZWSv2 ${Buffer.from(`apiKey:${apiKey}&randomKey:${rnd}&signature:${hex(secretKey, rnd + path + body)}`).toString('base64')}`;
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { authorization, 'x-iyzi-rnd': rnd, 'content-type': 'application/json' },
    body,
  });
  return (await response.json()) as Record<string, unknown>;
};

const INITIALIZE = (callbackUrl: string, cardNumber = '5528790000000008') => ({
  locale: 'tr',
  conversationId: 'P123',
  price: '150.5',
  paidPrice: '150.5',
  currency: 'TRY',
  installment: 1,
  basketId: 'P123',
  paymentChannel: 'WEB',
  paymentGroup: 'PRODUCT',
  callbackUrl,
  paymentCard: { cardHolderName: 'John Doe', cardNumber, expireMonth: '12', expireYear: '2030', cvc: '123', registerCard: 0 },
  buyer: {
    id: 'u1',
    name: 'John',
    surname: 'Doe',
    email: 'john@example.com',
    identityNumber: '74300864791',
    registrationAddress: 'Nidakule',
    ip: '85.34.78.112',
    city: 'Istanbul',
    country: 'Turkey',
  },
  billingAddress: { contactName: 'John Doe', city: 'Istanbul', country: 'Turkey', address: 'Nidakule' },
  basketItems: [{ id: 'P123', name: 'Membership', category1: 'Membership', itemType: 'VIRTUAL', price: '150.5' }],
});

test('iyzico 3DS: initialize, the 3DS page, the signed browser callback, one auth, the detail, and the THREE_DS_AUTH webhook, all signed as documented', async (t) => {
  const webhooks = await receiver([{ status: 200, body: '{"received":true}' }]);
  const emulator = await startPaymentsEmulator({ timeScale: 0.001, targets: { iyzicoWebhookUrl: `${webhooks.url}/webhook` } });
  t.teardown(async () => {
    await emulator.close();
    await webhooks.close();
  });
  const { apiKey, secretKey, merchantId } = emulator.iyzico;
  const init = await iyzicoCall(
    emulator.url,
    apiKey,
    secretKey,
    '/payment/3dsecure/initialize',
    INITIALIZE('https://api.gym.example/payments/callbacks/iyzico/3ds'),
  );
  t.is(init['status'], 'success');
  const paymentId = String(init['paymentId']);
  t.is(init['signature'], hex(secretKey, `${paymentId}:P123`));
  const html = Buffer.from(String(init['threeDSHtmlContent']), 'base64').toString('utf8');
  t.true(html.includes(`action="${emulator.url}/_emulator/iyzico/3ds/${paymentId}"`));
  t.false(html.includes('5528790000000008'), 'the page never shows the card number');

  // The auth before the payer passed 3DS is refused.
  t.like(
    await iyzicoCall(emulator.url, apiKey, secretKey, '/payment/v2/3dsecure/auth', {
      paymentId,
      conversationId: 'P123',
      paidPrice: '150.5',
      basketId: 'P123',
      currency: 'TRY',
    }),
    { status: 'failure', errorCode: '10217' },
  );

  const page = await fetch(`${emulator.url}/_emulator/iyzico/3ds/${paymentId}`, {
    method: 'POST',
    body: 'outcome=success',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  const callbackPage = await page.text();
  t.true(callbackPage.includes('action="https://api.gym.example/payments/callbacks/iyzico/3ds"'));
  const fields = Object.fromEntries([...callbackPage.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1], m[2]]));
  t.deepEqual(fields, {
    status: 'success',
    paymentId,
    conversationData: '',
    conversationId: 'P123',
    mdStatus: '1',
    signature: hex(secretKey, `:P123:1:${paymentId}:success`),
  });

  const auth = await iyzicoCall(emulator.url, apiKey, secretKey, '/payment/v2/3dsecure/auth', {
    locale: 'tr',
    paymentId,
    conversationId: 'P123',
    paidPrice: '150.5',
    basketId: 'P123',
    currency: 'TRY',
  });
  t.like(auth, {
    status: 'success',
    paymentId,
    price: 150.5,
    paidPrice: 150.5,
    fraudStatus: 1,
    currency: 'TRY',
    basketId: 'P123',
    conversationId: 'P123',
  });
  t.is(auth['signature'], hex(secretKey, `${paymentId}:TRY:P123:P123:150.5:150.5`));
  t.like(
    await iyzicoCall(emulator.url, apiKey, secretKey, '/payment/v2/3dsecure/auth', {
      paymentId,
      conversationId: 'P123',
      paidPrice: '150.5',
      basketId: 'P123',
      currency: 'TRY',
    }),
    { status: 'failure', errorCode: '10218' },
    'money is taken once',
  );
  t.like(await iyzicoCall(emulator.url, apiKey, secretKey, '/payment/detail', { paymentId, paymentConversationId: 'P123' }), {
    status: 'success',
    paymentStatus: 'SUCCESS',
    signature: auth['signature'],
  });

  await emulator.whenSettled();
  const [webhook] = webhooks.received;
  const body = JSON.parse(webhook!.body) as Record<string, unknown>;
  t.like(body, {
    paymentConversationId: 'P123',
    paymentId: Number(paymentId),
    iyziPaymentId: Number(paymentId),
    merchantId: Number(merchantId),
    status: 'SUCCESS',
    iyziEventType: 'THREE_DS_AUTH',
  });
  t.is(webhook!.headers['x-iyz-signature-v3'], hex(secretKey, `${secretKey}THREE_DS_AUTH${paymentId}P123SUCCESS`));
});

test('iyzico: a wrong IYZWSv2 signature or API key, a basket that does not add up, and the insufficient-funds card are refused', async (t) => {
  const emulator = await startPaymentsEmulator();
  t.teardown(() => emulator.close());
  const { apiKey, secretKey } = emulator.iyzico;
  const request = INITIALIZE('https://api.gym.example/cb');
  t.like(await iyzicoCall(emulator.url, apiKey, 'wrong-secret', '/payment/3dsecure/initialize', request), {
    status: 'failure',
    errorCode: '1000',
  });
  t.like(await iyzicoCall(emulator.url, 'wrong-key', secretKey, '/payment/3dsecure/initialize', request), {
    status: 'failure',
    errorCode: '1001',
  });
  t.like(
    await iyzicoCall(emulator.url, apiKey, secretKey, '/payment/3dsecure/initialize', { ...request, price: '150.0', paidPrice: '150.0' }),
    { status: 'failure', errorCode: '11' },
  );
  t.like(
    await iyzicoCall(
      emulator.url,
      apiKey,
      secretKey,
      '/payment/3dsecure/initialize',
      INITIALIZE('https://api.gym.example/cb', '4111111111111129'),
    ),
    { status: 'failure', errorCode: '10051' },
  );
  t.like(await iyzicoCall(emulator.url, apiKey, secretKey, '/payment/detail', { paymentId: '1' }), {
    status: 'failure',
    errorCode: '5115',
  });
});

test('iyzico subscription: an order is notified with the reference vector S1 (merchantId first)', async (t) => {
  const webhooks = await receiver([{ status: 200, body: '' }]);
  const emulator = await startPaymentsEmulator({
    timeScale: 0.001,
    iyzico: { merchantId: '3404590', secretKey: 'sandbox-secret-key-for-tests' },
    targets: { iyzicoSubscriptionUrl: webhooks.url },
  });
  t.teardown(async () => {
    await emulator.close();
    await webhooks.close();
  });
  const order = {
    subscriptionReferenceCode: 'ea0362e2-a1c4-4fda-89f0-3758a5c20a28',
    orderReferenceCode: 'ae5fcbf8-4fd2-46e5-b199-8f690ae9fae5',
    customerReferenceCode: 'ff4052ca-0588-40eb-81a9-848c0c409472',
    outcome: 'success',
  } as const;
  const answer = await fetch(`${emulator.url}/_emulator/iyzico/subscriptions/${order.subscriptionReferenceCode}/orders`, {
    method: 'POST',
    body: JSON.stringify(order),
    headers: { 'content-type': 'application/json' },
  });
  t.is(answer.status, 202);
  await emulator.whenSettled();
  t.is(webhooks.received[0]?.headers['x-iyz-signature-v3'], '7254939c3c250355b7dfd482828a1084414cf600f6f62115911a50b0118cc0c4');
  t.like(JSON.parse(webhooks.received[0]!.body), {
    orderReferenceCode: order.orderReferenceCode,
    iyziEventType: 'subscription.order.success',
  });
});

test('PayTR: get-token checks paytr_token, the iFrame pays, the notification is retried until the body is exactly OK, and the status query follows', async (t) => {
  // A newline after OK is not OK (reference §4.3): only the third answer acknowledges.
  const notices = await receiver([
    { status: 500, body: 'error' },
    { status: 200, body: 'OK\n' },
    { status: 200, body: 'OK' },
  ]);
  const emulator = await startPaymentsEmulator({ timeScale: 0.001, targets: { paytrNotificationUrl: notices.url } });
  t.teardown(async () => {
    await emulator.close();
    await notices.close();
  });
  const { merchantId, merchantKey, merchantSalt } = emulator.paytr;
  const basket = Buffer.from(JSON.stringify([['Membership', '150.00', 1]])).toString('base64');
  const form = {
    merchant_id: merchantId,
    user_ip: '85.34.78.112',
    merchant_oid: 'P123',
    email: 'john@example.com',
    payment_amount: '15000',
    user_basket: basket,
    no_installment: '0',
    max_installment: '0',
    currency: 'TL',
    test_mode: '1',
    user_name: 'John Doe',
    user_address: 'Nidakule',
    user_phone: '05555555555',
    merchant_ok_url: 'https://app.example/ok',
    merchant_fail_url: 'https://app.example/fail',
    timeout_limit: '30',
    debug_on: '0',
    lang: 'tr',
  };
  const token = (key: string) => b64(key, `${merchantId}85.34.78.112P123john@example.com15000${basket}00TL1${merchantSalt}`);
  const getToken = (fields: Record<string, string>) =>
    fetch(`${emulator.url}/odeme/api/get-token`, {
      method: 'POST',
      body: new URLSearchParams(fields).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    }).then((r) => r.json() as Promise<Record<string, string>>);
  t.like(await getToken({ ...form, paytr_token: token('wrong-key') }), { status: 'failed' });
  const issued = await getToken({ ...form, paytr_token: token(merchantKey) });
  t.is(issued['status'], 'success');
  t.like(await getToken({ ...form, paytr_token: token(merchantKey) }), { status: 'failed', reason: 'merchant_oid daha önce kullanılmış' });
  const page = await fetch(`${emulator.url}/odeme/guvenli/${issued['token']}`);
  t.regex(await page.text(), /Order P123: 150\.00 TL/);

  const query = () =>
    fetch(`${emulator.url}/odeme/durum-sorgu`, {
      method: 'POST',
      body: new URLSearchParams({
        merchant_id: merchantId,
        merchant_oid: 'P123',
        paytr_token: b64(merchantKey, `${merchantId}P123${merchantSalt}`),
      }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    }).then((r) => r.json() as Promise<Record<string, string>>);
  t.like(await query(), { status: 'error' });

  const first = await emulator.payIframe(issued['token']!, 'success');
  t.like(first, { attempt: 1, status: 500, accepted: false });
  await emulator.whenSettled();
  t.deepEqual(
    emulator.deliveries().map((d) => [d.attempt, d.accepted]),
    [
      [1, false],
      [2, false],
      [3, true],
    ],
  );
  const notice = Object.fromEntries(new URLSearchParams(notices.received[0]!.body));
  t.like(notice, {
    merchant_oid: 'P123',
    status: 'success',
    total_amount: '15000',
    hash: b64(merchantKey, `P123${merchantSalt}success15000`),
    currency: 'TL',
    test_mode: '1',
  });
  t.deepEqual(new Set(notices.received.map((r) => r.body)).size, 1, 'every retry sends the same notice');
  t.like(await query(), { status: 'success', payment_amount: '150.00', payment_total: '150.00', currency: 'TL' });
});

test("an outage answers 503 on every provider route while the emulator's own routes keep working", async (t) => {
  const emulator = await startPaymentsEmulator();
  t.teardown(() => emulator.close());
  const down = await fetch(`${emulator.url}/_emulator/outage`, { method: 'PUT', body: '{"down":true}' });
  t.is(down.status, 200);
  t.is((await fetch(`${emulator.url}/payment/3dsecure/initialize`, { method: 'POST', body: '{}' })).status, 503);
  t.is((await fetch(`${emulator.url}/odeme/api/get-token`, { method: 'POST', body: '' })).status, 503);
  t.is((await fetch(`${emulator.url}/_emulator/deliveries`)).status, 200);
  emulator.setDown(false);
  t.like(await (await fetch(`${emulator.url}/odeme/api/get-token`, { method: 'POST', body: '' })).json(), { status: 'failed' });
});

test('CLI: options win over the environment; bad values are one-line errors', (t) => {
  t.like(
    parseCliArgs(['--port', '0', '--service-url', 'http://127.0.0.1:3000/'], {
      PAYMENTS_EMULATOR_PORT: '5000',
      IYZICO_SECRET_KEY: ' s3cret ',
    }),
    {
      port: 0,
      serviceUrl: 'http://127.0.0.1:3000',
      timeScale: 1,
      iyzico: { secretKey: 's3cret' },
    },
  );
  t.is(parseCliArgs([], {}).port, 4020);
  t.throws(() => parseCliArgs(['--port', 'x'], {}), { message: 'invalid port "x": expected an integer 0-65535' });
  t.throws(() => parseCliArgs(['--service-url', 'ftp://x'], {}), { message: /invalid service URL/ });
  t.throws(() => parseCliArgs(['--time-scale', '0'], {}), { message: /invalid time scale/ });
});

const iyzicoGet = async (url: string, apiKey: string, secretKey: string, path: string) => {
  const rnd = randomBytes(8).toString('hex');
  const authorization = `IYZWSv2 ${Buffer.from(`apiKey:${apiKey}&randomKey:${rnd}&signature:${hex(secretKey, rnd + path)}`).toString('base64')}`;
  const response = await fetch(`${url}${path}`, { headers: { authorization, 'x-iyzi-rnd': rnd } });
  return (await response.json()) as Record<string, unknown>;
};

test('iyzico subscriptions: the detail and its pricing plan answer only IYZWSv2-signed requests of this merchant; orders are listed; cancel makes it CANCELED', async (t) => {
  const emulator = await startPaymentsEmulator({ timeScale: 0.001 });
  t.teardown(() => emulator.close());
  const { apiKey, secretKey } = emulator.iyzico;
  const subscription = emulator.createSubscription({ amountMinor: 9900 });
  await emulator.sendSubscriptionOrder({
    subscriptionReferenceCode: subscription.referenceCode,
    orderReferenceCode: 'order-1',
    customerReferenceCode: 'c',
    outcome: 'success',
  });
  const path = `/v2/subscription/subscriptions/${subscription.referenceCode}`;
  const detail = await iyzicoGet(emulator.url, apiKey, secretKey, path);
  t.like(detail, {
    status: 'success',
    data: {
      subscriptionStatus: 'ACTIVE',
      pricingPlanReferenceCode: subscription.pricingPlanReferenceCode,
      orders: [{ referenceCode: 'order-1', price: 99, currencyCode: 'TRY', orderStatus: 'SUCCESS' }],
    },
  });
  t.like(await iyzicoGet(emulator.url, apiKey, secretKey, `/v2/subscription/pricing-plans/${subscription.pricingPlanReferenceCode}`), {
    status: 'success',
    data: { price: 99, currencyCode: 'TRY' },
  });
  t.like(await iyzicoGet(emulator.url, apiKey, 'another-merchants-secret', path), { status: 'failure', errorCode: '1000' });
  t.like(await iyzicoGet(emulator.url, 'another-merchants-key', secretKey, path), { status: 'failure', errorCode: '1001' });
  t.like(await iyzicoGet(emulator.url, apiKey, secretKey, '/v2/subscription/subscriptions/not-this-merchants'), { status: 'failure' });
  t.like(await iyzicoCall(emulator.url, apiKey, secretKey, `${path}/cancel`, { locale: 'tr' }), { status: 'success' });
  t.like(await iyzicoGet(emulator.url, apiKey, secretKey, path), { data: { subscriptionStatus: 'CANCELED' } });
});
