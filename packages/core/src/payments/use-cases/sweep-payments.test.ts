import test from 'ava';
import * as O from 'fp-ts/lib/Option.js';
import { aPayment, createPaymentsWorld, fixtureUuid, type PaymentsWorld } from '../../testing/index.js';
import type { PaymentTransaction } from '../payment.js';
import { reconcilePayment } from './reconcile-payment.js';
import { sweepPayments } from './sweep-payments.js';

const ORG = fixtureUuid(0xc0, 1);
const MINUTE = 60_000;

// The world's clock starts at 2026-01-01T00:00Z; payments are created "now" and the clock moves on.
const seeded = async (world: PaymentsWorld, n: number, overrides: Parameters<typeof aPayment>[2] = {}): Promise<PaymentTransaction> => {
  const now = world.clock.now();
  const payment = aPayment(fixtureUuid(0xc1, n), ORG, { createdAt: now, updatedAt: now, ...overrides });
  await world.paymentTransactions.create(payment);
  return payment;
};

const stored = async (world: PaymentsWorld, payment: PaymentTransaction) =>
  O.toNullable(await world.paymentTransactions.findById(payment.id))!;

test('a payment awaiting its payer expires once PAYMENT_PENDING_TTL_MINUTES have passed, not before', async (t) => {
  const world = createPaymentsWorld();
  const payment = await seeded(world, 1);
  world.clock.advance(29 * MINUTE);
  t.like(await sweepPayments(world)(), { expired: 0 });
  t.deepEqual(world.paymentGateway.queried, []);
  world.clock.advance(2 * MINUTE);
  t.like(await sweepPayments(world)(), { expired: 1 });
  t.like(await stored(world, payment), { status: 'expired', failureCode: 'expired', completedAt: world.clock.now() });
  t.deepEqual(world.paymentGateway.queried, [payment.id], 'the provider was asked before giving up');
});

test('a success the status query finds is applied instead of expiring the payment', async (t) => {
  const world = createPaymentsWorld();
  const payment = await seeded(world, 2);
  world.paymentGateway.statuses.set(payment.id, { status: 'succeeded', paidAmountMinor: 15000 });
  world.clock.advance(31 * MINUTE);
  t.like(await sweepPayments(world)(), { succeeded: 1, expired: 0 });
  t.like(await stored(world, payment), { status: 'succeeded', paidAmountMinor: 15000, lateSuccess: false });
  t.like(world.eventLog.events.at(-1), {
    type: 'payment.succeeded',
    organizationId: payment.organizationId,
    data: { paymentId: payment.id, amountMinor: payment.amountMinor, paidAmountMinor: 15000, currency: payment.currency },
  });
});

test('a stuck authorization is reconciled through the status query: succeeded, failed or under review', async (t) => {
  const world = createPaymentsWorld();
  const paid = await seeded(world, 3, { provider: 'iyzico', status: 'authorizing' });
  const declined = await seeded(world, 4, { provider: 'iyzico', status: 'authorizing' });
  const review = await seeded(world, 5, { provider: 'iyzico', status: 'authorizing' });
  world.paymentGateway.statuses.set(paid.id, { status: 'succeeded', paidAmountMinor: null });
  world.paymentGateway.statuses.set(declined.id, { status: 'failed', code: 'iyzico:10051' });
  world.paymentGateway.statuses.set(review.id, { status: 'under_review' });
  world.clock.advance(MINUTE);
  t.like(await sweepPayments(world)(), { succeeded: 0, failed: 0 }, 'not stuck yet: 2 minutes untouched');
  world.clock.advance(2 * MINUTE);
  t.like(await sweepPayments(world)(), { succeeded: 1, failed: 1, under_review: 1 });
  t.like(await stored(world, paid), { status: 'succeeded', paidAmountMinor: 15000 });
  t.like(await stored(world, declined), { status: 'failed', failureCode: 'iyzico:10051' });
  t.like(await stored(world, review), { status: 'under_review' });
});

test('an authorization the provider cannot confirm is never expired, only marked as checked (so others go first)', async (t) => {
  const world = createPaymentsWorld();
  const stuck = await seeded(world, 6, { provider: 'iyzico', status: 'authorizing' });
  world.paymentGateway.statuses.set(stuck.id, 'throw');
  world.clock.advance(3 * 60 * MINUTE);
  t.like(await sweepPayments(world)(), { unreachable: 1, expired: 0 });
  t.like(await stored(world, stuck), { status: 'authorizing', updatedAt: world.clock.now() });
  t.like(await sweepPayments(world)(), { unreachable: 0 }, 'just checked: not due again at once');
  t.true(world.logger.at('warn').some((entry) => entry.message === 'payment status query failed'));
});

test('an unreachable provider does not keep a payer-pending payment open past its time', async (t) => {
  const world = createPaymentsWorld();
  const payment = await seeded(world, 7);
  world.paymentGateway.statuses.set(payment.id, 'throw');
  world.clock.advance(31 * MINUTE);
  t.like(await sweepPayments(world)(), { expired: 1 });
  t.is((await stored(world, payment)).status, 'expired');
});

test('a success after the sweeper expired the payment is kept and flagged late, with an alert', async (t) => {
  const world = createPaymentsWorld();
  const payment = await seeded(world, 8);
  world.clock.advance(31 * MINUTE);
  await sweepPayments(world)();
  t.is((await stored(world, payment)).status, 'expired');
  // The stale snapshot the sweeper read races a newer state: the guarded transition re-reads and flags it.
  world.paymentGateway.statuses.set(payment.id, { status: 'succeeded', paidAmountMinor: 15000 });
  t.is(await reconcilePayment(world)(payment, true), 'succeeded');
  t.like(await stored(world, payment), { status: 'succeeded', lateSuccess: true });
  t.true(world.logger.at('error').some((entry) => entry.message.includes('late payment success')));
  t.like(world.eventLog.events.at(-1), { type: 'payment.late_success', data: { paymentId: payment.id, status: 'succeeded' } });
  t.false(world.eventLog.types().includes('payment.succeeded'), 'a late success is never a plain success');
});

test('one sweep looks at no more than its batch, least recently touched first; settled payments are never looked at', async (t) => {
  const world = { ...createPaymentsWorld(), paymentSweep: { pendingTtlMinutes: 30, stuckAfterSeconds: 120, batchSize: 2 } };
  for (let n = 10; n < 15; n++) {
    await seeded(world, n);
    world.clock.advance(1000);
  }
  await seeded(world, 15, { status: 'succeeded' });
  world.clock.advance(31 * MINUTE);
  t.like(await sweepPayments(world)(), { expired: 2 });
  t.deepEqual(world.paymentGateway.queried, [fixtureUuid(0xc1, 10), fixtureUuid(0xc1, 11)]);
  t.like(await sweepPayments(world)(), { expired: 2 });
  t.like(await sweepPayments(world)(), { expired: 1 });
  t.like(await sweepPayments(world)(), { expired: 0, unchanged: 0 });
});

test("an authorization the provider still does not know once the payer's time is over fails (auth_unconfirmed); under review waits", async (t) => {
  const world = createPaymentsWorld();
  const lost = await seeded(world, 20, { provider: 'iyzico', status: 'authorizing' });
  const review = await seeded(world, 21, { provider: 'iyzico', status: 'under_review' });
  world.clock.advance(3 * MINUTE);
  t.like(await sweepPayments(world)(), { failed: 0, unchanged: 2 });
  t.is((await stored(world, lost)).status, 'authorizing');
  world.clock.advance(28 * MINUTE);
  t.like(await sweepPayments(world)(), { failed: 1, unchanged: 1 });
  t.like(await stored(world, lost), { status: 'failed', failureCode: 'auth_unconfirmed' });
  t.is((await stored(world, review)).status, 'under_review');
});
