import test from 'ava';
import * as E from 'fp-ts/lib/Either.js';
import * as O from 'fp-ts/lib/Option.js';
import {
  aPayment,
  aPaytrNotice,
  aSubscription,
  aSubscriptionNotice,
  createPaymentsWorld,
  fixtureSlug,
  fixtureUuid,
  type PaymentsWorld,
} from '../../testing/index.js';
import type { IyzicoPaymentNotified, PaymentCallbackEvent, ThreeDsReturned } from '../callback.js';
import type { PaymentTransaction } from '../payment.js';
import type { PaymentStatus } from '../payment-status.js';
import type { OrganizationId, OrganizationName } from '../../organization/organization.js';
import { handlePaymentCallback } from './handle-payment-callback.js';

const ORG = fixtureUuid(0xb0, 1);

// The payments world with the organization ORG existing (a callback for a deleted one is only recorded).
const aWorld = async (): Promise<PaymentsWorld> => {
  const world = createPaymentsWorld();
  const at = new Date('2026-03-01T09:00:00.000Z');
  await world.organizations.create({
    id: ORG as OrganizationId,
    name: 'Iron Gym' as OrganizationName,
    slug: fixtureSlug(ORG),
    createdAt: at,
    updatedAt: at,
  });
  return world;
};

const seeded = async (world: PaymentsWorld, overrides: Parameters<typeof aPayment>[2] = {}): Promise<PaymentTransaction> => {
  const payment = aPayment(fixtureUuid(0xb1, 1), ORG, overrides);
  await world.paymentTransactions.create(payment);
  return payment;
};

const handled = async (world: PaymentsWorld, event: PaymentCallbackEvent) => {
  const result = await handlePaymentCallback(world)(event)();
  if (E.isLeft(result)) throw new Error('unreachable');
  return result.right;
};

const statusOf = async (world: PaymentsWorld, payment: PaymentTransaction): Promise<PaymentTransaction> =>
  O.toNullable(await world.paymentTransactions.findById(payment.id))!;

const webhook = (payment: PaymentTransaction, status: string, eventType = 'THREE_DS_AUTH'): IyzicoPaymentNotified => ({
  _tag: 'IyzicoPaymentNotified',
  scheme: 'iyzico-webhook',
  dedupeKey: `${eventType}:${payment.providerPaymentId}:${status}`,
  receivedAt: new Date('2026-03-01T10:06:00.000Z'),
  format: 'direct',
  eventType,
  paymentId: payment.providerPaymentId!,
  conversationId: payment.merchantReference,
  token: undefined,
  status,
  unsigned: { referenceCode: 'ref', eventTimeMs: 1766730778396, merchantId: '3404590' },
});

const threeDs = (
  payment: PaymentTransaction,
  status: string,
  mdStatus: string,
  conversationId: string = payment.merchantReference,
): ThreeDsReturned => ({
  _tag: 'ThreeDsReturned',
  scheme: 'iyzico-3ds',
  dedupeKey: `${payment.providerPaymentId}:${mdStatus}:${status}`,
  receivedAt: new Date('2026-03-01T10:04:00.000Z'),
  paymentId: payment.providerPaymentId!,
  conversationId,
  conversationData: '',
  mdStatus,
  status,
});

test('a duplicate PayTR notice changes nothing: one transition, then Duplicate', async (t) => {
  const world = await aWorld();
  const payment = await seeded(world);
  t.like(await handled(world, aPaytrNotice(payment, 'success')), { _tag: 'Applied', status: 'succeeded' });
  t.like(await handled(world, aPaytrNotice(payment, 'success')), { _tag: 'Duplicate' });
  t.like(await statusOf(world, payment), { status: 'succeeded', paidAmountMinor: 15000, lateSuccess: false });
  t.is(world.paymentInbox.all().length, 1);
});

test('a verified success never regresses: a later failure notice is Stale', async (t) => {
  const world = await aWorld();
  const payment = await seeded(world);
  await handled(world, aPaytrNotice(payment, 'success'));
  t.like(await handled(world, aPaytrNotice(payment, 'failed')), { _tag: 'Stale', status: 'succeeded' });
  t.is((await statusOf(world, payment)).status, 'succeeded');
});

test('a success after a failure is kept and flagged as late (money was taken), with an alert', async (t) => {
  const world = await aWorld();
  const payment = await seeded(world);
  await handled(world, aPaytrNotice(payment, 'failed'));
  t.like(await statusOf(world, payment), { status: 'failed', failureCode: 'paytr:6' });
  t.like(await handled(world, aPaytrNotice(payment, 'success')), { _tag: 'Applied', status: 'succeeded' });
  t.like(await statusOf(world, payment), { status: 'succeeded', lateSuccess: true });
  t.true(world.logger.at('error').some((entry) => entry.message.includes('late payment success')));
});

for (const from of ['expired', 'failed'] as const satisfies readonly PaymentStatus[]) {
  test(`an iyzico SUCCESS webhook after ${from} is a late success`, async (t) => {
    const world = await aWorld();
    const payment = await seeded(world, { provider: 'iyzico', providerPaymentId: '28157248', status: from });
    t.like(await handled(world, webhook(payment, 'SUCCESS')), { _tag: 'Applied', status: 'succeeded' });
    t.true((await statusOf(world, payment)).lateSuccess);
  });
}

test('an underpaid PayTR success is refused and alerted; an overpaid one (instalments) succeeds', async (t) => {
  const world = await aWorld();
  const payment = await seeded(world);
  t.like(await handled(world, aPaytrNotice(payment, 'success', 14999)), { _tag: 'Refused', status: 'awaiting_customer' });
  t.true(world.logger.at('error').length > 0);
  const other = aPayment(fixtureUuid(0xb1, 2), ORG);
  await world.paymentTransactions.create(other);
  t.like(await handled(world, aPaytrNotice(other, 'success', 15900)), { _tag: 'Applied', status: 'succeeded' });
  t.is((await statusOf(world, other)).paidAmountMinor, 15900);
});

test('a notice for a payment that is not ours is Unmatched and recorded', async (t) => {
  const world = await aWorld();
  const stranger = aPayment(fixtureUuid(0xb1, 9), ORG);
  t.like(await handled(world, aPaytrNotice(stranger, 'success')), { _tag: 'Unmatched', transactionId: null });
  t.is(world.paymentInbox.all()[0]?.outcome, 'Unmatched');
});

test('intermediate iyzico statuses are recorded and Ignored', async (t) => {
  const world = await aWorld();
  const payment = await seeded(world, { provider: 'iyzico', providerPaymentId: '28157248' });
  t.like(await handled(world, webhook(payment, 'CALLBACK_THREEDS', 'THREE_DS_CALLBACK')), { _tag: 'Ignored', status: 'awaiting_customer' });
});

test('the webhook before the browser return: succeeded, and the late 3DS return is Stale (no second auth call)', async (t) => {
  const world = await aWorld();
  const payment = await seeded(world, { provider: 'iyzico', providerPaymentId: '25149157' });
  await handled(world, webhook(payment, 'SUCCESS'));
  t.like(await handled(world, threeDs(payment, 'success', '1')), { _tag: 'Stale', status: 'succeeded' });
  t.deepEqual(world.paymentGateway.completed, []);
});

test('a successful 3DS return authorizes through the gateway once; a double submit is a Duplicate', async (t) => {
  const world = await aWorld();
  const payment = await seeded(world, { provider: 'iyzico', providerPaymentId: '25149157' });
  t.like(await handled(world, threeDs(payment, 'success', '1')), { _tag: 'Applied', status: 'succeeded' });
  t.like(await handled(world, threeDs(payment, 'success', '1')), { _tag: 'Duplicate', transactionId: payment.id, status: 'succeeded' });
  t.deepEqual(world.paymentGateway.completed, [payment.id]);
});

test('fraudStatus 0 leaves the payment under review; a failed auth fails it', async (t) => {
  const world = await aWorld();
  const payment = await seeded(world, { provider: 'iyzico', providerPaymentId: '25149157' });
  world.paymentGateway.verdict = { status: 'under_review' };
  t.like(await handled(world, threeDs(payment, 'success', '1')), { status: 'under_review' });
  const other = aPayment(fixtureUuid(0xb1, 3), ORG, { provider: 'iyzico', providerPaymentId: '25149158' });
  await world.paymentTransactions.create(other);
  world.paymentGateway.verdict = { status: 'failed', code: 'iyzico:10051' };
  t.like(await handled(world, threeDs(other, 'success', '1')), { status: 'failed' });
  t.is((await statusOf(world, other)).failureCode, 'iyzico:10051');
});

test('an unreachable gateway leaves the payment authorizing for the webhook or the sweeper', async (t) => {
  const world = await aWorld();
  const payment = await seeded(world, { provider: 'iyzico', providerPaymentId: '25149157' });
  world.paymentGateway.verdict = 'throw';
  t.like(await handled(world, threeDs(payment, 'success', '1')), { _tag: 'Applied', status: 'authorizing' });
  t.like(await handled(world, webhook(payment, 'SUCCESS')), { _tag: 'Applied', status: 'succeeded' });
});

test('a failed 3DS return (mdStatus 0) fails the payment without an auth call', async (t) => {
  const world = await aWorld();
  const payment = await seeded(world, { provider: 'iyzico', providerPaymentId: '25149157' });
  t.like(await handled(world, threeDs(payment, 'failure', '0')), { _tag: 'Applied', status: 'failed' });
  t.is((await statusOf(world, payment)).failureCode, 'mdStatus:0');
  t.deepEqual(world.paymentGateway.completed, []);
});

test('a valid 3DS return naming another conversation does not complete our payment', async (t) => {
  const world = await aWorld();
  const payment = await seeded(world, { provider: 'iyzico', providerPaymentId: '25149157' });
  t.like(await handled(world, threeDs(payment, 'success', '1', 'Psomeoneelse')), { _tag: 'Unmatched' });
  t.is((await statusOf(world, payment)).status, 'awaiting_customer');
});

const SUB = 'ea0362e2-a1c4-4fda-89f0-3758a5c20a28';

test('a renewal of a linked subscription creates its period transaction for the plan amount, once per order', async (t) => {
  const world = await aWorld();
  await world.paymentSubscriptions.create(aSubscription(fixtureUuid(0xb2, 1), ORG, SUB));
  world.paymentGateway.putSubscription(SUB, 9900);
  world.paymentGateway.addOrder(SUB, 'order-1');
  world.paymentGateway.addOrder(SUB, 'order-2');
  const first = await handled(world, aSubscriptionNotice(SUB, 'order-1', 'success'));
  t.like(first, { _tag: 'Applied', status: 'succeeded' });
  t.like(await handled(world, aSubscriptionNotice(SUB, 'order-1', 'success')), { _tag: 'Duplicate' });
  const renewal = O.toNullable(await world.paymentTransactions.find({ by: 'orderReferenceCode', provider: 'iyzico', value: 'order-1' }))!;
  t.like(renewal, {
    id: first.transactionId,
    organizationId: ORG,
    amountMinor: 9900,
    paidAmountMinor: 9900,
    subscriptionReferenceCode: SUB,
    createdBy: null,
  });
  t.regex(renewal.merchantReference, /^[A-Za-z0-9]{1,64}$/);
  const next = await handled(world, aSubscriptionNotice(SUB, 'order-2', 'success'));
  t.not(next.transactionId, first.transactionId, 'the next period is its own transaction');
});

test('a failed renewal that iyzico retries under the same order ends succeeded, not flagged late', async (t) => {
  const world = await aWorld();
  await world.paymentSubscriptions.create(aSubscription(fixtureUuid(0xb2, 2), ORG, SUB));
  world.paymentGateway.putSubscription(SUB, 9900);
  world.paymentGateway.addOrder(SUB, 'order-3');
  t.like(await handled(world, aSubscriptionNotice(SUB, 'order-3', 'failure')), { _tag: 'Applied', status: 'failed' });
  t.like(await handled(world, aSubscriptionNotice(SUB, 'order-3', 'success')), { _tag: 'Applied', status: 'succeeded' });
  const renewal = O.toNullable(await world.paymentTransactions.find({ by: 'orderReferenceCode', provider: 'iyzico', value: 'order-3' }))!;
  t.like(renewal, { status: 'succeeded', lateSuccess: false, failureCode: 'iyzico:subscription.order.failure' });
  t.false(world.logger.at('error').some((entry) => entry.message.includes('late payment success')));
});

test('a renewal of a subscription nobody linked is Unmatched and creates nothing', async (t) => {
  const world = await aWorld();
  t.like(await handled(world, aSubscriptionNotice(SUB, 'order-4', 'success')), { _tag: 'Unmatched', transactionId: null });
  t.true(O.isNone(await world.paymentTransactions.find({ by: 'orderReferenceCode', provider: 'iyzico', value: 'order-4' })));
});

test('an order of one subscription never settles a renewal of another', async (t) => {
  const world = await aWorld();
  await world.paymentSubscriptions.create(aSubscription(fixtureUuid(0xb2, 3), ORG, SUB));
  await world.paymentSubscriptions.create(aSubscription(fixtureUuid(0xb2, 4), ORG, 'other-subscription'));
  await handled(world, aSubscriptionNotice(SUB, 'order-5', 'failure'));
  t.like(await handled(world, aSubscriptionNotice('other-subscription', 'order-5', 'success')), { _tag: 'Unmatched' });
  t.like(O.toNullable(await world.paymentTransactions.find({ by: 'orderReferenceCode', provider: 'iyzico', value: 'order-5' })), {
    status: 'failed',
  });
});

const unconfirmed = [
  {
    rule: "iyzico's detail lists the order at another amount",
    reason: 'amount_mismatch',
    setUp: (w: PaymentsWorld) => (w.paymentGateway.putSubscription(SUB, 9900), w.paymentGateway.addOrder(SUB, 'order-9', 19900)),
  },
  {
    rule: "iyzico's detail does not list the order",
    reason: 'order_not_found',
    setUp: (w: PaymentsWorld) => void w.paymentGateway.putSubscription(SUB, 9900),
  },
  { rule: 'iyzico does not know the subscription', reason: 'subscription_not_found', setUp: () => undefined },
  {
    rule: 'iyzico cannot be asked',
    reason: 'provider_unavailable',
    setUp: (w: PaymentsWorld) => void (w.paymentGateway.subscriptionsUnavailable = true),
  },
] as const;

for (const { rule, reason, setUp } of unconfirmed) {
  test(`a renewal success is flagged under_review, never succeeded, when ${rule}`, async (t) => {
    const world = await aWorld();
    await world.paymentSubscriptions.create(aSubscription(fixtureUuid(0xb2, 9), ORG, SUB));
    setUp(world);
    t.like(await handled(world, aSubscriptionNotice(SUB, 'order-9', 'success')), { _tag: 'Applied', status: 'under_review' });
    const renewal = O.toNullable(await world.paymentTransactions.find({ by: 'orderReferenceCode', provider: 'iyzico', value: 'order-9' }))!;
    t.like(renewal, { status: 'under_review', amountMinor: 9900, paidAmountMinor: null, failureCode: `subscription:${reason}` });
    t.true(world.logger.at('error').some((entry) => entry.message.includes('not confirmed by the provider')));
  });
}

test("a late callback for a deleted organization's payment is recorded and flagged, never applied", async (t) => {
  const world = await aWorld();
  const payment = await seeded(world, { status: 'expired' });
  await world.organizations.markDeleted(ORG as OrganizationId, new Date('2026-03-01T10:00:00.000Z'));
  const notice = aPaytrNotice(payment, 'success');
  t.deepEqual(await handled(world, notice), { _tag: 'OrganizationDeleted', transactionId: payment.id, status: 'expired' });
  t.like(await statusOf(world, payment), { status: 'expired', lateSuccess: false });
  t.like(O.toNullable(await world.paymentInbox.find('paytr-notification', notice.dedupeKey)), {
    outcome: 'OrganizationDeleted',
    transactionId: payment.id,
  });
  t.true(world.logger.at('error').some((entry) => entry.message.includes('deleted organization')));
});

test("a renewal of a deleted organization's subscription is recorded and flagged, and creates no payment", async (t) => {
  const world = await aWorld();
  await world.paymentSubscriptions.create(aSubscription(fixtureUuid(0xb2, 10), ORG, SUB));
  world.paymentGateway.putSubscription(SUB, 9900);
  world.paymentGateway.addOrder(SUB, 'order-10');
  await world.organizations.markDeleted(ORG as OrganizationId, new Date('2026-03-01T10:00:00.000Z'));
  const notice = aSubscriptionNotice(SUB, 'order-10', 'success');
  t.like(await handled(world, notice), { _tag: 'OrganizationDeleted', transactionId: null });
  t.true(O.isNone(await world.paymentTransactions.find({ by: 'orderReferenceCode', provider: 'iyzico', value: 'order-10' })));
  t.like(O.toNullable(await world.paymentInbox.find('iyzico-subscription', notice.dedupeKey)), { outcome: 'OrganizationDeleted' });
});
