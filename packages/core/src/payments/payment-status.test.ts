import test from 'ava';
import { decide } from './transition.js';
import { isFinal, OPEN_STATUSES, PaymentStatus, REVIEWABLE_STATUSES, SWEPT_STATUSES } from './payment-status.js';
import { aPayment } from '../testing/payment-fixtures.js';

const STATUSES = Object.keys(PaymentStatus.keys) as PaymentStatus[];

test('the open statuses, in the order of the codec, are the ones a callback or the sweeper may still move', (t) => {
  t.deepEqual(OPEN_STATUSES, ['initiated', 'awaiting_customer', 'authorizing', 'under_review']);
});

test('a status is final for the payer exactly when it is not open', (t) => {
  t.deepEqual(STATUSES.filter(isFinal), ['succeeded', 'failed', 'expired', 'refunded']);
});

test('an unconfirmed success reviews a payment still on its way, or one that failed, never one under review or settled', (t) => {
  t.deepEqual(REVIEWABLE_STATUSES, ['initiated', 'awaiting_customer', 'authorizing', 'failed']);
});

test('a verified failure moves every open status and no other', (t) => {
  for (const status of STATUSES) {
    const decision = decide(aPayment('00000000-0000-4000-8000-0000000000d1', '00000000-0000-4000-8000-0000000000c1', { status }), {
      kind: 'failure',
      code: 'x',
    });
    t.is(decision.kind, OPEN_STATUSES.includes(status) ? 'transition' : 'stale', status);
  }
});

test('the sweeper measures a payment the payer never finished from its creation, and one the provider never settled from its last change', (t) => {
  t.deepEqual(SWEPT_STATUSES.created, ['initiated', 'awaiting_customer']);
  t.deepEqual(SWEPT_STATUSES.updated, ['authorizing', 'under_review']);
});

test('every open status is swept, by one clock, and no final status is', (t) => {
  t.deepEqual([...SWEPT_STATUSES.created, ...SWEPT_STATUSES.updated].sort(), [...OPEN_STATUSES].sort());
});
