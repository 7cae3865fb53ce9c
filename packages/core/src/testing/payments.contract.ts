import assert from 'node:assert/strict';
import { NO_FULFILMENT } from '../payments/ports/payment-fulfilment.js';
import * as E from 'fp-ts/lib/Either.js';
import * as O from 'fp-ts/lib/Option.js';
import type { PaymentCallbackInbox } from '../payments/ports/payment-callback-inbox.js';
import type { PaymentSubscriptions } from '../payments/ports/payment-subscriptions.js';
import type { PaymentTransactions } from '../payments/ports/payment-transactions.js';
import { renewalOf } from '../payments/renewal.js';
import type { OrganizationId } from '../organization/organization.js';
import type { Organizations } from '../organization/ports/organizations.js';
import { handlePaymentCallback } from '../payments/use-cases/handle-payment-callback.js';
import type { UnitOfWork } from '../shared/unit-of-work.js';
import { FakePaymentGateway } from './fake-payment-gateway.js';
import { fixtureUuid } from './fixture-ids.js';
import { inMemoryEventStores } from './in-memory-event-deliveries.js';
import { RecordingJobQueue } from './recording-job-queue.js';
import { FixedClock } from './fixed-clock.js';
import { aPayment, aPaytrNotice, aSubscription, aSubscriptionNotice, prefixedIds } from './payment-fixtures.js';
import { RecordingLogger } from './recording-logger.js';
import type { ContractCase } from './users.contract.js';

/** The payments ports of one backend, and a way to satisfy the organization foreign key. */
export interface PaymentsSubject {
  /** The organizations `prepare` creates (a callback reads whether its payment's organization still exists). */
  readonly organizations: Organizations;
  readonly paymentTransactions: PaymentTransactions;
  readonly paymentInbox: PaymentCallbackInbox;
  readonly paymentSubscriptions: PaymentSubscriptions;
  readonly unitOfWork: UnitOfWork;
  /** Makes the organization exist, if missing. */
  prepare(organizationId: string): Promise<void>;
}

const ORG = fixtureUuid(0xa0, 1);
const pay = (n: number) => fixtureUuid(0xa1, n);
const AT = new Date('2026-03-01T11:00:00.000Z');

/** The PaymentTransactions and PaymentCallbackInbox contract: every adapter (in memory, PGlite, PostgreSQL) must pass each case. */
export const paymentsContract: readonly ContractCase<PaymentsSubject>[] = [
  {
    name: 'a created payment is found by id and by each provider reference; unknown references find nothing',
    async run({ paymentTransactions, prepare }) {
      await prepare(ORG);
      const payment = aPayment(pay(1), ORG, {
        provider: 'iyzico',
        providerPaymentId: '25149157',
        providerToken: 'tok-1',
        orderReferenceCode: 'ord-1',
        subscriptionReferenceCode: 'sub-1',
      });
      await paymentTransactions.create(payment);
      assert.deepEqual(O.toNullable(await paymentTransactions.findById(payment.id)), payment);
      for (const lookup of [
        { by: 'merchantReference', provider: 'iyzico', value: payment.merchantReference },
        { by: 'providerPaymentId', provider: 'iyzico', value: '25149157' },
        { by: 'providerToken', provider: 'iyzico', value: 'tok-1' },
        { by: 'orderReferenceCode', provider: 'iyzico', value: 'ord-1' },
      ] as const) {
        assert.deepEqual(O.toNullable(await paymentTransactions.find(lookup)), payment, lookup.by);
      }
      assert.ok(O.isNone(await paymentTransactions.find({ by: 'providerPaymentId', provider: 'paytr', value: '25149157' })));
      assert.ok(O.isNone(await paymentTransactions.findById(pay(2) as typeof payment.id)));
    },
  },
  {
    name: 'a merchant reference or provider payment id is unique per provider',
    async run({ paymentTransactions, prepare }) {
      await prepare(ORG);
      const first = aPayment(pay(10), ORG, { provider: 'iyzico', providerPaymentId: '777' });
      await paymentTransactions.create(first);
      await assert.rejects(
        paymentTransactions.create(aPayment(pay(11), ORG, { merchantReference: first.merchantReference, provider: 'iyzico' })),
      );
      await assert.rejects(paymentTransactions.create(aPayment(pay(12), ORG, { provider: 'iyzico', providerPaymentId: '777' })));
    },
  },
  {
    name: 'a transition applies only from the listed statuses and records what it carries; a final status sets completedAt',
    async run({ paymentTransactions, prepare }) {
      await prepare(ORG);
      const payment = aPayment(pay(20), ORG, { status: 'initiated' });
      await paymentTransactions.create(payment);
      assert.ok(O.isNone(await paymentTransactions.transition(payment.id, ['awaiting_customer'], { status: 'failed', at: AT })));
      const waiting = O.toNullable(
        await paymentTransactions.transition(payment.id, ['initiated'], { status: 'awaiting_customer', providerToken: 'tok-20', at: AT }),
      );
      assert.deepEqual(waiting, { ...payment, status: 'awaiting_customer', providerToken: 'tok-20', updatedAt: AT });
      const later = new Date(AT.getTime() + 60_000);
      const done = O.toNullable(
        await paymentTransactions.transition(payment.id, ['awaiting_customer'], {
          status: 'succeeded',
          paidAmountMinor: 15100,
          lateSuccess: true,
          at: later,
        }),
      );
      assert.deepEqual(done, {
        ...waiting!,
        status: 'succeeded',
        paidAmountMinor: 15100,
        lateSuccess: true,
        updatedAt: later,
        completedAt: later,
      });
      assert.deepEqual(O.toNullable(await paymentTransactions.findById(payment.id)), done);
    },
  },
  {
    name: 'twenty concurrent guarded transitions from the same status: exactly one wins',
    async run({ paymentTransactions, prepare }) {
      await prepare(ORG);
      const payment = aPayment(pay(30), ORG);
      await paymentTransactions.create(payment);
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          paymentTransactions.transition(
            payment.id,
            ['awaiting_customer'],
            i % 2 === 0 ? { status: 'succeeded', at: AT } : { status: 'failed', at: AT },
          ),
        ),
      );
      assert.equal(results.filter(O.isSome).length, 1);
    },
  },
  {
    name: 'the inbox records a delivery once per (scheme, dedupe key) and keeps its outcome',
    async run({ paymentInbox, paymentTransactions, prepare }) {
      await prepare(ORG);
      await paymentTransactions.create(aPayment(pay(40), ORG));
      const entry = {
        id: fixtureUuid(0xa2, 1),
        scheme: 'paytr-notification',
        dedupeKey: 'P40:success',
        eventType: 'paytr.success',
        payload: { totalAmountMinor: 15000, testMode: true, note: null },
        receivedAt: AT,
      } as const;
      assert.equal(await paymentInbox.record(entry), 'recorded');
      assert.equal(await paymentInbox.record({ ...entry, id: fixtureUuid(0xa2, 2) }), 'duplicate');
      assert.equal(await paymentInbox.record({ ...entry, id: fixtureUuid(0xa2, 3), scheme: 'iyzico-webhook' }), 'recorded');
      await paymentInbox.settle(entry.id, 'Applied', pay(40) as never);
      assert.deepEqual(O.toNullable(await paymentInbox.find('paytr-notification', 'P40:success')), {
        ...entry,
        outcome: 'Applied',
        transactionId: pay(40),
      });
      assert.ok(O.isNone(await paymentInbox.find('iyzico-3ds', 'P40:success')));
    },
  },
  {
    name: '50 concurrent identical PayTR notices: one transition and 49 duplicates',
    async run(subject) {
      await subject.prepare(ORG);
      const payment = aPayment(pay(50), ORG);
      await subject.paymentTransactions.create(payment);
      const handle = handlePaymentCallback({
        ...subject,
        paymentFulfilment: NO_FULFILMENT,
        paymentGateway: new FakePaymentGateway(),
        clock: new FixedClock(AT),
        ids: prefixedIds(0xa3),
        logger: new RecordingLogger(),
        ...inMemoryEventStores(),
        jobQueue: new RecordingJobQueue(),
      });
      const notice = aPaytrNotice(payment, 'success');
      const outcomes = await Promise.all(Array.from({ length: 50 }, () => handle(notice)()));
      const tags = outcomes.map((o) => (E.isRight(o) ? o.right._tag : 'Left'));
      assert.equal(tags.filter((tag) => tag === 'Applied').length, 1, tags.join(','));
      assert.equal(tags.filter((tag) => tag === 'Duplicate').length, 49, tags.join(','));
      const stored = O.toNullable(await subject.paymentTransactions.findById(payment.id));
      assert.equal(stored?.status, 'succeeded');
      assert.equal(O.toNullable(await subject.paymentInbox.find('paytr-notification', notice.dedupeKey))?.outcome, 'Applied');
    },
  },
  {
    name: 'a subscription is linked once per provider reference and found by it',
    async run({ paymentSubscriptions, prepare }) {
      await prepare(ORG);
      const subscription = aSubscription(fixtureUuid(0xa4, 1), ORG, 'sub-contract-1');
      assert.equal(await paymentSubscriptions.create(subscription), 'created');
      assert.equal(await paymentSubscriptions.create({ ...subscription, id: fixtureUuid(0xa4, 2), amountMinor: 1 }), 'exists');
      assert.deepEqual(O.toNullable(await paymentSubscriptions.findByReference('iyzico', 'sub-contract-1')), subscription);
      assert.ok(O.isNone(await paymentSubscriptions.findByReference('paytr', 'sub-contract-1')));
      assert.ok(O.isNone(await paymentSubscriptions.findByReference('iyzico', 'sub-contract-2')));
    },
  },
  {
    name: 'a renewal is created once per order reference: a second create answers the stored row',
    async run({ paymentTransactions, prepare }) {
      await prepare(ORG);
      const subscription = aSubscription(fixtureUuid(0xa4, 3), ORG, 'sub-contract-3');
      const notice = aSubscriptionNotice('sub-contract-3', 'order-contract-3', 'success');
      const first = await paymentTransactions.createRenewal(renewalOf(subscription, notice, pay(60), AT));
      const second = await paymentTransactions.createRenewal(renewalOf(subscription, notice, pay(61), AT));
      assert.equal(first.id, pay(60));
      assert.deepEqual(second, first);
      assert.equal(first.subscriptionReferenceCode, 'sub-contract-3');
      assert.ok(O.isNone(await paymentTransactions.findById(pay(61) as typeof first.id)));
    },
  },
  {
    name: 'two deliveries racing for a new renewal (success and failure) share one row, which ends succeeded',
    async run(subject) {
      await subject.prepare(ORG);
      await subject.paymentSubscriptions.create(aSubscription(fixtureUuid(0xa4, 4), ORG, 'sub-contract-4'));
      const provider = new FakePaymentGateway();
      provider.putSubscription('sub-contract-4', 9900);
      provider.addOrder('sub-contract-4', 'order-contract-4');
      const handle = handlePaymentCallback({
        ...subject,
        paymentFulfilment: NO_FULFILMENT,
        paymentGateway: provider,
        clock: new FixedClock(AT),
        ids: prefixedIds(0xa5),
        logger: new RecordingLogger(),
        ...inMemoryEventStores(),
        jobQueue: new RecordingJobQueue(),
      });
      const outcomes = await Promise.all(
        (['failure', 'success', 'failure', 'success'] as const).map((outcome) =>
          handle(aSubscriptionNotice('sub-contract-4', 'order-contract-4', outcome))(),
        ),
      );
      const ids = new Set(outcomes.map((o) => (E.isRight(o) ? o.right.transactionId : 'Left')).filter((id) => id !== null));
      assert.equal(ids.size, 1, JSON.stringify(outcomes));
      const row = O.toNullable(
        await subject.paymentTransactions.find({ by: 'orderReferenceCode', provider: 'iyzico', value: 'order-contract-4' }),
      );
      assert.equal(row?.status, 'succeeded');
      assert.equal(row?.amountMinor, 9900);
      assert.equal(row?.lateSuccess, false);
    },
  },
  {
    name: "an organization's payments list newest first, page by page",
    async run({ paymentTransactions, prepare }) {
      const org = fixtureUuid(0xa0, 7);
      await prepare(org);
      for (let n = 0; n < 3; n++) {
        await paymentTransactions.create(
          aPayment(pay(70 + n), org, { createdAt: new Date(AT.getTime() + n * 1000), updatedAt: new Date(AT.getTime() + n * 1000) }),
        );
      }
      const first = await paymentTransactions.list(org as OrganizationId, { limit: 2 });
      assert.deepEqual(
        first.items.map((p) => p.id),
        [pay(72), pay(71)],
      );
      assert.notEqual(first.nextCursor, null);
      const second = await paymentTransactions.list(org as OrganizationId, {
        limit: 2,
        cursor: { at: first.items[1]!.createdAt, id: first.items[1]!.id },
      });
      assert.deepEqual(
        second.items.map((p) => p.id),
        [pay(70)],
      );
      assert.equal(second.nextCursor, null);
    },
  },
  {
    name: 'the sweeper is due payer-pending payments past their time and stuck authorizations, least recently touched first',
    async run({ paymentTransactions, prepare }) {
      const org = fixtureUuid(0xa0, 8);
      await prepare(org);
      const minutes = (n: number) => new Date(AT.getTime() + n * 60_000);
      const rows = [
        aPayment(pay(80), org, { status: 'awaiting_customer', createdAt: minutes(0), updatedAt: minutes(5) }),
        aPayment(pay(81), org, { status: 'initiated', createdAt: minutes(1), updatedAt: minutes(1) }),
        aPayment(pay(82), org, { status: 'awaiting_customer', createdAt: minutes(50), updatedAt: minutes(50) }),
        aPayment(pay(83), org, { status: 'authorizing', createdAt: minutes(55), updatedAt: minutes(55) }),
        aPayment(pay(84), org, { status: 'under_review', createdAt: minutes(2), updatedAt: minutes(58) }),
        aPayment(pay(85), org, { status: 'authorizing', createdAt: minutes(59), updatedAt: minutes(59) }),
        aPayment(pay(86), org, { status: 'succeeded', createdAt: minutes(0), updatedAt: minutes(0) }),
        aPayment(pay(87), org, { status: 'expired', createdAt: minutes(0), updatedAt: minutes(0) }),
      ];
      for (const row of rows) await paymentTransactions.create(row);
      const cutoffs = { createdBefore: minutes(30), updatedBefore: minutes(58.5) };
      const due = (await paymentTransactions.listDueForSweep(cutoffs, 1000)).filter((p) => p.organizationId === org);
      assert.deepEqual(
        due.map((p) => p.id),
        [pay(81), pay(80), pay(83), pay(84)],
      );
      assert.equal((await paymentTransactions.listDueForSweep(cutoffs, 1)).length, 1);
    },
  },
  {
    name: 'an organization has an open payment while one is in an open status, and none once every one is final',
    async run({ paymentTransactions, prepare }) {
      const org = fixtureUuid(0xa0, 9);
      await prepare(org);
      assert.equal(await paymentTransactions.hasOpen(org as OrganizationId), false);
      for (const [n, status] of [
        [90, 'succeeded'],
        [91, 'failed'],
        [92, 'expired'],
        [93, 'refunded'],
      ] as const) {
        await paymentTransactions.create(aPayment(pay(n), org, { status }));
      }
      assert.equal(await paymentTransactions.hasOpen(org as OrganizationId), false);
      await paymentTransactions.create(aPayment(pay(94), org, { status: 'authorizing' }));
      assert.equal(await paymentTransactions.hasOpen(org as OrganizationId), true);
      const other = fixtureUuid(0xa0, 12);
      await prepare(other);
      assert.equal(await paymentTransactions.hasOpen(other as OrganizationId), false, 'another organization');
      await paymentTransactions.transition(pay(94) as never, ['authorizing'], { status: 'under_review', at: AT });
      assert.equal(await paymentTransactions.hasOpen(org as OrganizationId), true, 'under_review is open');
    },
  },
  {
    name: "an organization's linked subscriptions list by status; a status change is kept",
    async run({ paymentSubscriptions, prepare }) {
      const org = fixtureUuid(0xa0, 10);
      await prepare(org);
      const first = aSubscription(fixtureUuid(0xa4, 10), org, 'sub-contract-10');
      const second = { ...aSubscription(fixtureUuid(0xa4, 11), org, 'sub-contract-11'), createdAt: new Date(AT.getTime() + 1000) };
      await paymentSubscriptions.create(second);
      await paymentSubscriptions.create(first);
      assert.deepEqual(
        (await paymentSubscriptions.listForOrganization(org as OrganizationId, 'active')).map((s) => s.id),
        [first.id, second.id],
      );
      await paymentSubscriptions.setStatus(first.id, 'cancel_failed');
      assert.deepEqual(
        (await paymentSubscriptions.listForOrganization(org as OrganizationId, 'active')).map((s) => s.id),
        [second.id],
      );
      assert.deepEqual(await paymentSubscriptions.listForOrganization(org as OrganizationId, 'cancel_failed'), [
        { ...first, status: 'cancel_failed' },
      ]);
      assert.equal(O.toNullable(await paymentSubscriptions.findByReference('iyzico', 'sub-contract-10'))?.status, 'cancel_failed');
    },
  },
  {
    name: "a late callback for a deleted organization's payment is recorded and flagged OrganizationDeleted; the payment stays as it was",
    async run(subject) {
      const org = fixtureUuid(0xa0, 11);
      await subject.prepare(org);
      const payment = aPayment(pay(95), org, { status: 'expired' });
      await subject.paymentTransactions.create(payment);
      assert.equal(await subject.organizations.markDeleted(org as OrganizationId, AT), true);
      const handle = handlePaymentCallback({
        ...subject,
        paymentFulfilment: NO_FULFILMENT,
        paymentGateway: new FakePaymentGateway(),
        clock: new FixedClock(AT),
        ids: prefixedIds(0xa6),
        logger: new RecordingLogger(),
        ...inMemoryEventStores(),
        jobQueue: new RecordingJobQueue(),
      });
      const notice = aPaytrNotice(payment, 'success');
      const result = await handle(notice)();
      assert.deepEqual(result, E.right({ _tag: 'OrganizationDeleted', transactionId: payment.id, status: 'expired' }));
      assert.deepEqual(O.toNullable(await subject.paymentTransactions.findById(payment.id)), payment);
      assert.equal(O.toNullable(await subject.paymentInbox.find('paytr-notification', notice.dedupeKey))?.outcome, 'OrganizationDeleted');
    },
  },
];
