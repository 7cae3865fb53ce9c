import anyTest, { type TestFn } from 'ava';
import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as E from 'fp-ts/lib/Either.js';
import * as O from 'fp-ts/lib/Option.js';
import type { InitializePayment, PaymentTransaction } from '@idv/core';
import { aPayment, fixtureUuid, RecordingLogger } from '@idv/core/testing';
import { IYZICO_RESPONSE_R1 } from './fixtures/reference-vectors.js';
import { createPaymentGateway } from './gateway/payment-gateway.js';
import { createIyzicoGateway } from './iyzico/iyzico-gateway.js';
import { createIyzicoSubscriptions } from './iyzico/subscriptions.js';
import {
  PRICING_PLAN_ANSWER,
  PRICING_PLAN_REFERENCE,
  SUBSCRIPTION_DETAIL_ANSWER,
  SUBSCRIPTION_FAILURE_ANSWER,
  SUBSCRIPTION_REFERENCE,
} from './fixtures/subscription-answers.js';
import { iyzwsHeaders } from './iyzico/iyzws.js';
import { checkedPaymentResult } from './iyzico/payment-result.js';
import { createPaytrGateway } from './paytr/paytr-gateway.js';
import { minorOf, requestAmount, signedAmount } from './shared/amounts.js';

// The gateway clients against a local stand-in server (never the internet): what they send, and how
// they read what comes back. The full round trips against the payments emulator are in tests/src/e2e.

interface Seen {
  readonly path: string;
  readonly headers: IncomingMessage['headers'];
  readonly body: string;
}
type Handler = (seen: Seen, response: ServerResponse) => void;

const test = anyTest.serial as TestFn<{ server: Server; url: string; seen: Seen[]; handle: { current: Handler } }>;

test.before(async (t) => {
  const seen: Seen[] = [];
  const handle = { current: ((_, response) => response.end('{}')) as Handler };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const entry = { path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString('utf8') };
      seen.push(entry);
      handle.current(entry, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.context = { server, seen, handle, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
});
test.after.always((t) => {
  t.context.server.closeAllConnections();
  t.context.server.close();
});
test.beforeEach((t) => {
  t.context.seen.length = 0;
});

const API_KEY = 'sandbox-api-key-for-tests';
const SECRET = 'sandbox-secret-key-for-tests';
const CARD = { holderName: 'John Doe', number: '5528790000000008', expireMonth: '12', expireYear: '2030', cvc: '123' };
const json = (status: number, body: unknown) => (_: Seen, response: ServerResponse) =>
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
const hex = (key: string, message: string) => createHmac('sha256', key).update(message, 'utf8').digest('hex');
const b64 = (key: string, message: string) => createHmac('sha256', key).update(message, 'utf8').digest('base64');

const iyzico = (url: string, timeoutMs = 5_000, logger = new RecordingLogger()) =>
  createIyzicoGateway({
    apiKey: API_KEY,
    secretKey: SECRET,
    baseUrl: url,
    callbackUrl: 'https://api.gym.example/payments/callbacks/iyzico/3ds',
    transport: { fetch, timeoutMs },
    logger,
  });

const request = (overrides: Partial<InitializePayment> = {}): InitializePayment => ({
  provider: 'iyzico',
  merchantReference: 'P0123abc' as InitializePayment['merchantReference'],
  amountMinor: 15050,
  currency: 'TRY',
  description: 'Monthly membership',
  card: CARD,
  buyer: { id: 'user-1', email: 'ada@example.com', ip: '203.0.113.7', identityNumber: async () => '10000000146', details: {} },
  ...overrides,
});

const payment = (overrides: Partial<PaymentTransaction> = {}): PaymentTransaction =>
  aPayment(fixtureUuid(0xe1, 1), fixtureUuid(0xe0, 1), {
    provider: 'iyzico',
    providerPaymentId: '25149157',
    amountMinor: 15050,
    status: 'authorizing',
    ...overrides,
  });

const signedResult = (tx: PaymentTransaction, overrides: Record<string, unknown> = {}) => {
  const body = {
    status: 'success',
    paymentId: tx.providerPaymentId,
    currency: tx.currency,
    basketId: tx.merchantReference,
    conversationId: tx.merchantReference,
    price: 150.5,
    paidPrice: 150.5,
    fraudStatus: 1,
    ...overrides,
  };
  const data = [
    body.paymentId,
    body.currency,
    body.basketId,
    body.conversationId,
    signedAmount(String(body.paidPrice)),
    signedAmount(String(body.price)),
  ].join(':');
  return { ...body, signature: hex(SECRET, data) };
};

test("amounts: request bodies keep one decimal (as iyzico's SDK does), signatures drop trailing zeros, provider decimals read back exactly", (t) => {
  t.deepEqual([15000, 15050, 15055, 5, 100].map(requestAmount), ['150.0', '150.5', '150.55', '0.05', '1.0']);
  t.deepEqual(['150.50', '10.0', '50.00', '10', '10.510', '150.5'].map(signedAmount), ['150.5', '10', '50', '10', '10.51', '150.5']);
  t.deepEqual([150.5, '150.50', '150,50', '10', '0.05', '1.005', 'abc', -1, '1e3'].map(minorOf), [
    15050,
    15050,
    15050,
    1000,
    5,
    undefined,
    undefined,
    undefined,
    undefined,
  ]);
});

test('IYZWSv2: the header is base64 of apiKey, randomKey and the hex HMAC of rnd + path + the exact body', (t) => {
  const body = '{"locale":"tr","paymentId":"1"}';
  const headers = iyzwsHeaders({ apiKey: API_KEY, secretKey: SECRET }, '/payment/v2/3dsecure/auth', body, '1700000000000abc');
  const expected = Buffer.from(
    `apiKey:${API_KEY}&randomKey:1700000000000abc&signature:${hex(SECRET, `1700000000000abc/payment/v2/3dsecure/auth${body}`)}`,
  ).toString('base64');
  t.is(headers['authorization'], `IYZWSv2 ${expected}`);
  t.is(headers['x-iyzi-rnd'], '1700000000000abc');
});

test('the official response vector R1 verifies, also with its amounts written with trailing zeros; a tampered field does not', (t) => {
  const tx = payment({
    providerPaymentId: '22416032',
    amountMinor: 1050,
    merchantReference: 'conversationId' as PaymentTransaction['merchantReference'],
  });
  const body = {
    paymentId: '22416032',
    currency: 'TRY',
    basketId: 'basketId',
    conversationId: 'conversationId',
    paidPrice: 10.5,
    price: 10.5,
    signature: IYZICO_RESPONSE_R1.signature,
  };
  // R1's basketId differs from its conversationId, which ours never do: the signature passes, the reference check is what refuses it.
  t.deepEqual(checkedPaymentResult(IYZICO_RESPONSE_R1.secretKey, body, tx), E.left('answer names other references'));
  t.deepEqual(
    checkedPaymentResult(IYZICO_RESPONSE_R1.secretKey, { ...body, paidPrice: '10.50', price: '10.50' }, tx),
    E.left('answer names other references'),
  );
  t.deepEqual(
    checkedPaymentResult(IYZICO_RESPONSE_R1.secretKey, { ...body, paidPrice: 11.5 }, tx),
    E.left('answer signature does not verify'),
  );
  t.deepEqual(checkedPaymentResult(IYZICO_RESPONSE_R1.secretKey, { ...body, signature: undefined }, tx), E.left('answer is not signed'));
});

test('iyzico initialize: one signed request carrying the card, the buyer and the national ID; the 3DS HTML comes back decoded', async (t) => {
  const html = '<html><body><form action="https://acs.example/3ds">3DS</form></body></html>';
  t.context.handle.current = json(200, {
    status: 'success',
    conversationId: 'P0123abc',
    paymentId: '25149157',
    threeDSHtmlContent: Buffer.from(html).toString('base64'),
    signature: hex(SECRET, '25149157:P0123abc'),
  });
  const result = await iyzico(t.context.url).initialize(request());
  t.deepEqual(result, E.right({ providerPaymentId: '25149157', providerToken: null, clientAction: { kind: 'threeDsHtml', html } }));
  const [sent] = t.context.seen;
  t.is(sent?.path, '/payment/3dsecure/initialize');
  const rnd = String(sent?.headers['x-iyzi-rnd']);
  t.is(
    sent?.headers.authorization,
    `IYZWSv2 ${Buffer.from(`apiKey:${API_KEY}&randomKey:${rnd}&signature:${hex(SECRET, rnd + '/payment/3dsecure/initialize' + sent!.body)}`).toString('base64')}`,
  );
  t.like(JSON.parse(sent!.body), {
    conversationId: 'P0123abc',
    basketId: 'P0123abc',
    price: '150.5',
    paidPrice: '150.5',
    currency: 'TRY',
    callbackUrl: 'https://api.gym.example/payments/callbacks/iyzico/3ds',
    paymentCard: { cardNumber: CARD.number, cvc: '123' },
    buyer: { identityNumber: '10000000146', ip: '203.0.113.7', email: 'ada@example.com', name: 'John', surname: 'Doe' },
    basketItems: [{ id: 'P0123abc', itemType: 'VIRTUAL', price: '150.5' }],
  });
});

test('iyzico initialize: a refusal is its error code only; a 5xx, garbage, a wrong signature or no answer is Unavailable without secrets or card data', async (t) => {
  t.context.handle.current = json(200, {
    status: 'failure',
    errorCode: '10051',
    errorMessage: 'Kart limiti yetersiz, yetersiz bakiye',
    errorGroup: 'NOT_SUFFICIENT_FUNDS',
  });
  t.deepEqual(await iyzico(t.context.url).initialize(request()), E.left({ _tag: 'Refused', code: 'iyzico:10051' }));
  const outcomes = [];
  for (const handler of [
    json(503, { status: 'failure' }),
    (_: Seen, response: ServerResponse) => response.end('<html>gateway error</html>'),
    json(200, {
      status: 'success',
      conversationId: 'P0123abc',
      paymentId: '25149157',
      threeDSHtmlContent: 'PGh0bWw+',
      signature: hex('another-key', '25149157:P0123abc'),
    }),
  ]) {
    t.context.handle.current = handler;
    outcomes.push(await iyzico(t.context.url).initialize(request()));
  }
  // An answer that never comes: the stand-in holds the request open past the client's limit.
  t.context.handle.current = () => undefined;
  outcomes.push(await iyzico(t.context.url, 300).initialize(request()));
  for (const outcome of outcomes) {
    t.true(E.isLeft(outcome) && outcome.left._tag === 'Unavailable', JSON.stringify(outcome));
    for (const secret of [SECRET, API_KEY, CARD.number, '10000000146']) t.false(JSON.stringify(outcome).includes(secret));
  }
  t.regex(JSON.stringify(outcomes[3]), /no answer within 300 ms/);
});

test('iyzico 3DS auth (v2): paidPrice, basketId and currency as at initialize; fraudStatus decides; a failure is its code', async (t) => {
  const tx = payment();
  const cases: [unknown, unknown][] = [
    [signedResult(tx), { status: 'succeeded', paidAmountMinor: 15050 }],
    [signedResult(tx, { fraudStatus: 0 }), { status: 'under_review' }],
    [signedResult(tx, { fraudStatus: -1 }), { status: 'failed', code: 'iyzico:fraud' }],
    [signedResult(tx, { paidPrice: '155.00' }), { status: 'succeeded', paidAmountMinor: 15500 }],
    [
      { status: 'failure', errorCode: '10012', errorMessage: 'Invalid transaction' },
      { status: 'failed', code: 'iyzico:10012' },
    ],
  ];
  for (const [answer, verdict] of cases) {
    t.context.handle.current = json(200, answer);
    t.deepEqual(await iyzico(t.context.url).completeThreeDs(tx), verdict);
  }
  const sent = t.context.seen[0]!;
  t.is(sent.path, '/payment/v2/3dsecure/auth');
  t.deepEqual(JSON.parse(sent.body), {
    locale: 'tr',
    paymentId: '25149157',
    conversationId: tx.merchantReference,
    paidPrice: '150.5',
    basketId: tx.merchantReference,
    currency: 'TRY',
  });
});

test('iyzico 3DS auth: an answer that does not verify, names another payment or amount, or no answer, rejects (the payment stays authorizing)', async (t) => {
  const tx = payment();
  const logger = new RecordingLogger();
  for (const answer of [
    { ...signedResult(tx), signature: hex('another-key', 'x') },
    signedResult(tx, { paymentId: '99999999' }),
    signedResult(tx, { price: 1.5, paidPrice: 1.5 }),
    signedResult(tx, { conversationId: 'Psomeoneelse' }),
    { ...signedResult(tx), signature: undefined },
  ]) {
    t.context.handle.current = json(200, answer);
    await t.throwsAsync(iyzico(t.context.url, 5_000, logger).completeThreeDs(tx));
  }
  t.is(logger.at('error').length, 5);
  t.context.handle.current = json(502, {});
  await t.throwsAsync(iyzico(t.context.url).completeThreeDs(tx), { message: /HTTP 502/ });
});

test('iyzico status query (/payment/detail): SUCCESS verified, FAILURE failed, 3DS steps and unknown payments pending', async (t) => {
  const tx = payment({ status: 'awaiting_customer' });
  const cases: [unknown, unknown][] = [
    [
      { ...signedResult(tx), paymentStatus: 'SUCCESS' },
      { status: 'succeeded', paidAmountMinor: 15050 },
    ],
    [
      { status: 'success', paymentStatus: 'FAILURE', errorCode: '10051' },
      { status: 'failed', code: 'iyzico:10051' },
    ],
    [{ status: 'success', paymentStatus: 'INIT_THREEDS' }, { status: 'pending' }],
    [{ status: 'failure', errorCode: '5115', errorMessage: 'Ödeme bulunamadı' }, { status: 'pending' }],
  ];
  for (const [answer, verdict] of cases) {
    t.context.handle.current = json(200, answer);
    t.like(await iyzico(t.context.url).queryStatus(tx), verdict as object);
  }
  t.deepEqual(JSON.parse(t.context.seen[0]!.body), {
    locale: 'tr',
    conversationId: tx.merchantReference,
    paymentId: '25149157',
    paymentConversationId: tx.merchantReference,
  });
  t.deepEqual(await iyzico(t.context.url).queryStatus(payment({ providerPaymentId: null, status: 'initiated' })), { status: 'pending' });
  t.is(t.context.seen.length, 4, 'a payment iyzico never identified is not asked about');
});

const paytr = (url: string) =>
  createPaytrGateway({
    merchantId: '123456',
    merchantKey: 'paytr-test-key',
    merchantSalt: 'paytr-test-salt',
    baseUrl: url,
    testMode: true,
    resultUrl: 'https://app.gym.example/payments/result',
    timeoutMinutes: 30,
    transport: { fetch, timeoutMs: 5_000 },
    logger: new RecordingLogger(),
  });

test('PayTR get-token: the paytr_token over the documented fields, the basket, TL for TRY; the iFrame URL comes back', async (t) => {
  t.context.handle.current = json(200, { status: 'success', token: 'a1b2c3d4e5' });
  const result = await paytr(t.context.url).initialize(request({ provider: 'paytr', card: undefined }));
  t.deepEqual(
    result,
    E.right({
      providerPaymentId: null,
      providerToken: 'a1b2c3d4e5',
      clientAction: { kind: 'paytrIframe', token: 'a1b2c3d4e5', url: `${t.context.url}/odeme/guvenli/a1b2c3d4e5` },
    }),
  );
  const sent = t.context.seen[0]!;
  t.is(sent.path, '/odeme/api/get-token');
  const form = Object.fromEntries(new URLSearchParams(sent.body));
  const hashed = `123456203.0.113.7P0123abcada@example.com15050${form['user_basket']}00TL1`;
  t.is(form['paytr_token'], b64('paytr-test-key', hashed + 'paytr-test-salt'));
  t.deepEqual(JSON.parse(Buffer.from(form['user_basket']!, 'base64').toString('utf8')), [['Monthly membership', '150.50', 1]]);
  t.like(form, {
    merchant_id: '123456',
    merchant_oid: 'P0123abc',
    payment_amount: '15050',
    currency: 'TL',
    test_mode: '1',
    timeout_limit: '30',
    user_ip: '203.0.113.7',
  });
  t.false('paymentCard' in form || sent.body.includes('10000000146'), 'no card and no national ID go to PayTR');
});

test('PayTR get-token: a refusal, and an unreachable PayTR', async (t) => {
  t.context.handle.current = json(200, { status: 'failed', reason: 'paytr_token gönderilen bilgilere göre geçersiz' });
  t.deepEqual(
    await paytr(t.context.url).initialize(request({ provider: 'paytr' })),
    E.left({ _tag: 'Refused', code: 'paytr:token_refused' }),
  );
  t.context.handle.current = json(500, {});
  t.like(await paytr(t.context.url).initialize(request({ provider: 'paytr' })), { left: { _tag: 'Unavailable' } });
});

test('PayTR status query (durum-sorgu): its token over merchant_id + merchant_oid + salt; a success with the total paid, an error pending', async (t) => {
  const tx = payment({ provider: 'paytr', providerPaymentId: null, amountMinor: 15000 });
  t.context.handle.current = json(200, { status: 'success', payment_amount: '150.00', payment_total: '153,50', currency: 'TL' });
  t.deepEqual(await paytr(t.context.url).queryStatus(tx), { status: 'succeeded', paidAmountMinor: 15350 });
  const form = Object.fromEntries(new URLSearchParams(t.context.seen[0]!.body));
  t.deepEqual(form, {
    merchant_id: '123456',
    merchant_oid: tx.merchantReference,
    paytr_token: b64('paytr-test-key', `123456${tx.merchantReference}paytr-test-salt`),
  });
  t.context.handle.current = json(200, { status: 'error', err_no: '004', err_msg: 'merchant_oid ile ödeme bulunamadı' });
  t.deepEqual(await paytr(t.context.url).queryStatus(tx), { status: 'pending' });
});

test('a provider without an API client here refuses to start (payment_gateway_not_configured) and is never asked about a payment', async (t) => {
  const gateway = createPaymentGateway({ paytr: paytr(t.context.url) });
  t.deepEqual(await gateway.initialize(request()), E.left({ _tag: 'Refused', code: 'payment_gateway_not_configured' }));
  await t.throwsAsync(gateway.queryStatus(payment()), { message: 'no iyzico client configured' });
  t.is(t.context.seen.length, 0);
});

const subscriptions = (url: string) =>
  createIyzicoSubscriptions({ apiKey: API_KEY, secretKey: SECRET, baseUrl: url, transport: { fetch, timeoutMs: 5_000 } });

test('iyzico subscription detail: two signed GETs (subscription, then its pricing plan) read into status, plan price and orders', async (t) => {
  t.context.handle.current = (seen, response) =>
    json(200, seen.path.startsWith('/v2/subscription/pricing-plans/') ? PRICING_PLAN_ANSWER : SUBSCRIPTION_DETAIL_ANSWER)(seen, response);
  const detail = await subscriptions(t.context.url).detail(SUBSCRIPTION_REFERENCE);
  t.deepEqual(
    detail,
    E.right(
      O.some({
        referenceCode: SUBSCRIPTION_REFERENCE,
        status: 'ACTIVE',
        plan: { amountMinor: 9900, currency: 'TRY' },
        orders: [{ referenceCode: 'ae5fcbf8-4fd2-46e5-b199-8f690ae9fae5', amountMinor: 9900, currency: 'TRY', status: 'SUCCESS' }],
      }),
    ),
  );
  t.deepEqual(
    t.context.seen.map((s) => s.path),
    [`/v2/subscription/subscriptions/${SUBSCRIPTION_REFERENCE}`, `/v2/subscription/pricing-plans/${PRICING_PLAN_REFERENCE}`],
  );
  for (const seen of t.context.seen) {
    t.is(seen.body, '');
    const rnd = String(seen.headers['x-iyzi-rnd']);
    const expected = Buffer.from(`apiKey:${API_KEY}&randomKey:${rnd}&signature:${hex(SECRET, rnd + seen.path)}`).toString('base64');
    t.is(seen.headers['authorization'], `IYZWSv2 ${expected}`);
  }
});

test("iyzico subscription detail: iyzico's failure answer is None (no such subscription for this merchant); a 5xx is Unavailable", async (t) => {
  t.context.handle.current = json(200, SUBSCRIPTION_FAILURE_ANSWER);
  t.deepEqual(await subscriptions(t.context.url).detail('foreign-reference'), E.right(O.none));
  t.context.handle.current = json(502, { error: 'bad gateway' });
  t.like(await subscriptions(t.context.url).detail(SUBSCRIPTION_REFERENCE), { _tag: 'Left', left: { _tag: 'Unavailable' } });
});

test('iyzico subscription cancel: one signed POST to the cancel path; a failure answer is Refused with its code', async (t) => {
  t.context.handle.current = json(200, { status: 'success', systemTime: 1 });
  t.deepEqual(await subscriptions(t.context.url).cancel(SUBSCRIPTION_REFERENCE), E.right('cancelled'));
  const [sent] = t.context.seen;
  t.is(sent?.path, `/v2/subscription/subscriptions/${SUBSCRIPTION_REFERENCE}/cancel`);
  const rnd = String(sent?.headers['x-iyzi-rnd']);
  t.is(
    sent?.headers['authorization'],
    `IYZWSv2 ${Buffer.from(`apiKey:${API_KEY}&randomKey:${rnd}&signature:${hex(SECRET, rnd + sent!.path + sent!.body)}`).toString('base64')}`,
  );
  t.context.handle.current = json(200, SUBSCRIPTION_FAILURE_ANSWER);
  t.deepEqual(await subscriptions(t.context.url).cancel('foreign-reference'), E.left({ _tag: 'Refused', code: 'iyzico:201400' }));
});
