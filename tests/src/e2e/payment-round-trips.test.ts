import anyTest, { type TestFn } from 'ava';
import { createHmac } from 'node:crypto';
import { INSUFFICIENT_FUNDS_CARD, startPaymentsEmulator, targetsOf, type PaymentsEmulator } from '@idv/payments-emulator';
import { paymentsEmulatorEnv } from '../support/payments-emulator-env.js';
import { startEmulatedService, type EmulatedService } from '../support/emulated-service.js';
import { MovingClock } from '../support/moving-clock.js';
import { formOf, submit } from '../support/payment-pages.js';
import type { ServiceApi } from '../support/service-api.js';

// Payments, end to end over real sockets: the service (its real gateway, schemes, persistence and
// sweeper) against the payments emulator as iyzico and PayTR — the whole 3DS round trip through the
// payer's browser, a PayTR iFrame payment, subscription renewals, an outage, and the sweeper with the
// service's clock moved past PAYMENT_PENDING_TTL_MINUTES.

interface Context {
  readonly payments: PaymentsEmulator;
  readonly world: EmulatedService;
  readonly clock: MovingClock;
  readonly owner: ServiceApi;
  readonly orgId: string;
}
const test = anyTest.serial as TestFn<Context>;

const CARD = { holderName: 'Ada Lovelace', number: '5528790000000008', expireMonth: '12', expireYear: '2030', cvc: '123' };
const MINUTE = 60_000;

test.before(async (t) => {
  const payments = await startPaymentsEmulator({ timeScale: 0.001 });
  const clock = new MovingClock();
  const world = await startEmulatedService(paymentsEmulatorEnv(payments), { clock });
  payments.setTargets(targetsOf(world.service.url));
  const ownerId = await world.seedUser('owner@gym.example');
  const owner = world.as(ownerId);
  const created = await owner.post('/organizations', { name: 'Round Trip Gym' });
  const national = await owner.put('/users/me/national-id', { nationalId: '10000000146' });
  if (created.status !== 201 || national.status !== 204) throw new Error(`fixture: ${created.status} ${national.status}`);
  t.context = { payments, world, clock, owner, orgId: created.body.organization.id as string };
});
test.after.always(async (t) => {
  await t.context.world?.close();
  await t.context.payments?.close();
});

const startIyzico = (t: { context: Context }, card = CARD, amountMinor = 9990) =>
  t.context.owner.post(`/organizations/${t.context.orgId}/payments`, {
    provider: 'iyzico',
    amountMinor,
    currency: 'TRY',
    description: 'Ten-class pack',
    card,
  });
const startPaytr = (t: { context: Context }) =>
  t.context.owner.post(`/organizations/${t.context.orgId}/payments`, {
    provider: 'paytr',
    amountMinor: 15000,
    currency: 'TRY',
    description: 'Monthly membership',
  });
const paymentOf = async (t: { context: Context }, id: string) =>
  (await t.context.owner.get(`/organizations/${t.context.orgId}/payments/${id}`)).body.payment;

test('iyzico 3DS round trip: initialize, the 3DS page in the browser, the signed return, the auth that takes the money, the 303, the webhook', async (t) => {
  const started = await startIyzico(t);
  t.is(started.status, 201, JSON.stringify(started.body));
  t.like(started.body.payment, { provider: 'iyzico', status: 'awaiting_customer', amountMinor: 9990 });
  t.false(JSON.stringify(started.body).includes(CARD.number));
  // The browser shows iyzico's page; the payer completes 3DS; the page posts the signed result back to us.
  const acs = formOf(started.body.threeDsHtmlContent as string);
  t.true(acs.action.startsWith(t.context.payments.url));
  const returned = formOf(await (await submit(acs.action, { outcome: 'success' })).text());
  t.is(returned.action, `${t.context.world.service.url}/payments/callbacks/iyzico/3ds`);
  const callback = await submit(returned.action, returned.fields);
  t.is(callback.status, 303);
  t.is(callback.headers.get('location'), `https://app.gym.example/payments/result?tx=${started.body.payment.id}&status=succeeded`);
  t.like(await paymentOf(t, started.body.payment.id), {
    status: 'succeeded',
    paidAmountMinor: 9990,
    failureCode: null,
    lateSuccess: false,
  });
  // Back button / double submit: the same signed return changes nothing and takes no money twice.
  const again = await submit(returned.action, returned.fields);
  t.is(again.headers.get('location'), `https://app.gym.example/payments/result?tx=${started.body.payment.id}&status=succeeded`);
  await t.context.payments.whenSettled();
  const webhook = t.context.payments
    .deliveries()
    .filter((d) => d.kind === 'iyzico-webhook' && d.reference === returned.fields['paymentId']);
  t.like(webhook, [{ status: 200, accepted: true, attempt: 1 }], 'the THREE_DS_AUTH webhook that follows is acknowledged once');
  t.like(await paymentOf(t, started.body.payment.id), { status: 'succeeded' });
});

test('iyzico 3DS failed at the bank: the return says mdStatus 0, the payment fails without an auth call', async (t) => {
  const started = await startIyzico(t);
  const returned = formOf(await (await submit(formOf(started.body.threeDsHtmlContent as string).action, { outcome: 'failure' })).text());
  const callback = await submit(returned.action, returned.fields);
  t.is(callback.headers.get('location'), `https://app.gym.example/payments/result?tx=${started.body.payment.id}&status=failed`);
  t.like(await paymentOf(t, started.body.payment.id), { status: 'failed', failureCode: 'mdStatus:0' });
});

test('a forged or tampered 3DS return changes nothing: the browser goes to the error page', async (t) => {
  const started = await startIyzico(t);
  const returned = formOf(await (await submit(formOf(started.body.threeDsHtmlContent as string).action, { outcome: 'failure' })).text());
  const tampered = await submit(returned.action, { ...returned.fields, status: 'success', mdStatus: '1' });
  t.is(tampered.status, 303);
  t.is(tampered.headers.get('location'), 'https://app.gym.example/payments/result?status=error');
  t.like(await paymentOf(t, started.body.payment.id), { status: 'awaiting_customer' });
});

test('PayTR iFrame: the token, the iFrame page, the payer pays, PayTR notifies and the service answers exactly OK', async (t) => {
  const started = await startPaytr(t);
  t.is(started.status, 201, JSON.stringify(started.body));
  t.true((started.body.iframeUrl as string).startsWith(`${t.context.payments.url}/odeme/guvenli/`));
  t.is(started.body.iframeUrl, `${t.context.payments.url}/odeme/guvenli/${started.body.iframeToken}`);
  const page = await fetch(started.body.iframeUrl);
  t.regex(await page.text(), new RegExp(`Order ${started.body.merchantReference}: 150\\.00 TL`));
  const first = await t.context.payments.payIframe(started.body.iframeToken, 'success');
  t.like(first, { kind: 'paytr-notification', status: 200, reply: 'OK', accepted: true });
  t.like(await paymentOf(t, started.body.payment.id), { status: 'succeeded', paidAmountMinor: 15000 });
});

test('50 concurrent identical PayTR notices: every one is answered OK, the payment moves once', async (t) => {
  const started = await startPaytr(t);
  const { merchantKey, merchantSalt } = t.context.payments.paytr;
  const oid = started.body.merchantReference as string;
  const hash = createHmac('sha256', merchantKey).update(`${oid}${merchantSalt}success15000`).digest('base64');
  const body = new URLSearchParams({ merchant_oid: oid, status: 'success', total_amount: '15000', hash }).toString();
  const replies = await Promise.all(
    Array.from({ length: 50 }, () =>
      fetch(`${t.context.world.service.url}/payments/callbacks/paytr`, {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }).then(async (r) => `${r.status} ${await r.text()}`),
    ),
  );
  t.deepEqual(new Set(replies), new Set(['200 OK']));
  t.like(await paymentOf(t, started.body.payment.id), { status: 'succeeded', paidAmountMinor: 15000, lateSuccess: false });
});

test('the provider is down: starting a payment answers 503 PaymentProviderUnavailable with Retry-After, and the attempt is recorded failed', async (t) => {
  t.context.payments.setDown(true);
  try {
    const response = await fetch(`${t.context.world.service.url}/organizations/${t.context.orgId}/payments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-test-user-id': (await t.context.owner.get('/users/me')).body.user.idpId },
      body: JSON.stringify({ provider: 'paytr', amountMinor: 15000, currency: 'TRY', description: 'Monthly membership' }),
    });
    t.is(response.status, 503);
    t.is(response.headers.get('retry-after'), '30');
    t.like(await response.json(), { code: 'PaymentProviderUnavailable' });
  } finally {
    t.context.payments.setDown(false);
  }
  const newest = (await t.context.owner.get(`/organizations/${t.context.orgId}/payments?limit=1`)).body.items[0];
  t.like(newest, { provider: 'paytr', status: 'failed', failureCode: 'provider_unavailable' });
  t.false(t.context.world.service.logs.text().includes(t.context.payments.paytr.merchantKey));
});

test("a card iyzico refuses: 422 PaymentRefused, the payment failed with iyzico's code; card and national ID never logged", async (t) => {
  const refused = await startIyzico(t, { ...CARD, number: INSUFFICIENT_FUNDS_CARD });
  t.is(refused.status, 422);
  t.is(refused.body.code, 'PaymentRefused');
  const newest = (await t.context.owner.get(`/organizations/${t.context.orgId}/payments?limit=1`)).body.items[0];
  t.like(newest, { provider: 'iyzico', status: 'failed', failureCode: 'iyzico:10051' });
  const logs = t.context.world.service.logs.text();
  for (const secret of [
    CARD.number,
    INSUFFICIENT_FUNDS_CARD,
    '10000000146',
    t.context.payments.iyzico.secretKey,
    t.context.payments.iyzico.apiKey,
  ])
    t.false(logs.includes(secret));
});

test('subscription renewals: each order iyzico notifies becomes one payment of the plan; a failed order retried under its reference ends succeeded', async (t) => {
  const subscriptionReferenceCode = 'a1f3c2d4-0000-4000-8000-000000000042';
  t.context.payments.createSubscription({ amountMinor: 9900, subscriptionReferenceCode });
  const linked = await t.context.owner.post(`/organizations/${t.context.orgId}/payment-subscriptions`, {
    provider: 'iyzico',
    subscriptionReferenceCode,
    amountMinor: 9900,
    currency: 'TRY',
    description: 'Monthly membership (subscription)',
  });
  t.is(linked.status, 201, JSON.stringify(linked.body));
  const customerReferenceCode = 'c0ffee00-0000-4000-8000-000000000001';
  for (const [orderReferenceCode, outcome] of [
    ['order-1', 'success'],
    ['order-2', 'failure'],
    ['order-2', 'success'],
  ] as const) {
    await t.context.payments.sendSubscriptionOrder({ subscriptionReferenceCode, orderReferenceCode, customerReferenceCode, outcome });
  }
  await t.context.payments.whenSettled();
  t.true(
    t.context.payments
      .deliveries()
      .filter((d) => d.kind === 'iyzico-subscription')
      .every((d) => d.accepted),
  );
  const renewals = (
    (await t.context.owner.get(`/organizations/${t.context.orgId}/payments`)).body.items as Array<Record<string, unknown>>
  ).filter((p) => p['subscriptionReferenceCode'] === subscriptionReferenceCode);
  t.is(renewals.length, 2);
  for (const renewal of renewals)
    t.like(renewal, { provider: 'iyzico', status: 'succeeded', amountMinor: 9900, paidAmountMinor: 9900, lateSuccess: false });
  t.is(
    (
      await t.context.owner.post(`/organizations/${t.context.orgId}/payment-subscriptions`, {
        provider: 'iyzico',
        subscriptionReferenceCode,
        amountMinor: 9900,
        currency: 'TRY',
        description: 'x',
      })
    ).status,
    409,
  );
});

test("a renewal iyzico's detail lists at another price than the one verified at link time is held under review, never succeeded", async (t) => {
  const subscription = t.context.payments.createSubscription({ amountMinor: 7900 });
  const linked = await t.context.owner.post(`/organizations/${t.context.orgId}/payment-subscriptions`, {
    provider: 'iyzico',
    subscriptionReferenceCode: subscription.referenceCode,
    amountMinor: 7900,
    currency: 'TRY',
    description: 'Monthly membership (repriced)',
  });
  t.is(linked.status, 201, JSON.stringify(linked.body));
  await t.context.payments.sendSubscriptionOrder(
    {
      subscriptionReferenceCode: subscription.referenceCode,
      orderReferenceCode: 'order-repriced',
      customerReferenceCode: subscription.customerReferenceCode,
      outcome: 'success',
    },
    15900,
  );
  await t.context.payments.whenSettled();
  const renewal = (
    (await t.context.owner.get(`/organizations/${t.context.orgId}/payments`)).body.items as Array<Record<string, unknown>>
  ).find((p) => p['subscriptionReferenceCode'] === subscription.referenceCode);
  t.like(renewal, { status: 'under_review', amountMinor: 7900, paidAmountMinor: null, failureCode: 'subscription:amount_mismatch' });
});

test('the sweeper against the emulator: an unpaid PayTR payment expires and its late payment is kept and flagged; a paid one whose notice was lost is reconciled; an abandoned 3DS expires', async (t) => {
  const { payments, world, clock } = t.context;
  const late = await startPaytr(t);
  const lost = await startPaytr(t);
  const abandoned = await startIyzico(t);
  // The payer of `lost` pays, but the notification never reaches us.
  payments.setTargets({ paytrNotificationUrl: undefined });
  await payments.payIframe(lost.body.iframeToken, 'success');
  payments.setTargets(targetsOf(world.service.url));
  // The payer of `abandoned` passes 3DS and closes the tab before the browser returns.
  const acs = formOf(abandoned.body.threeDsHtmlContent as string);
  t.truthy(payments.completeThreeDs(acs.action.split('/').pop()!, 'success'));

  t.like(await world.service.server.sweepPayments(), { expired: 0, succeeded: 0 }, 'within PAYMENT_PENDING_TTL_MINUTES nothing is due');
  clock.advance(31 * MINUTE);
  const report = await world.service.server.sweepPayments();
  t.true(report.expired >= 2 && report.succeeded >= 1, JSON.stringify(report));
  t.like(await paymentOf(t, late.body.payment.id), { status: 'expired', failureCode: 'expired' });
  t.like(await paymentOf(t, lost.body.payment.id), { status: 'succeeded', paidAmountMinor: 15000, lateSuccess: false });
  t.like(await paymentOf(t, abandoned.body.payment.id), { status: 'expired' });

  // The payer of `late` pays after all: PayTR notifies, the money is kept and the payment flagged.
  t.like(await payments.payIframe(late.body.iframeToken, 'success'), { reply: 'OK', accepted: true });
  t.like(await paymentOf(t, late.body.payment.id), { status: 'succeeded', lateSuccess: true, paidAmountMinor: 15000 });
  t.true(world.service.logs.records().some((line) => line['msg'] === 'late payment success after failure or expiry'));
});
