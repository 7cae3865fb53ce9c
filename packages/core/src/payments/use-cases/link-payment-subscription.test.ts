import test from 'ava';
import * as E from 'fp-ts/lib/Either.js';
import { anOrganization, createPaymentsWorld, outcome } from '../../testing/index.js';
import type { AmountMinor, PaymentDescription } from '../payment.js';
import type { SubscriptionReferenceCode } from '../subscription.js';
import { linkPaymentSubscription } from './link-payment-subscription.js';
import { listPayments } from './list-payments.js';

const PLAN = {
  provider: 'iyzico',
  subscriptionReferenceCode: 'ea0362e2-a1c4-4fda-89f0-3758a5c20a28' as SubscriptionReferenceCode,
  amountMinor: 9900 as AmountMinor,
  currency: 'TRY',
  description: 'Monthly membership' as PaymentDescription,
} as const;

test('the owner links an iyzico subscription once (billing.manage); a second link is PaymentSubscriptionExists', async (t) => {
  const world = createPaymentsWorld();
  const { organization, owner, members } = await anOrganization(world, { ada: 'admin' });
  t.is(outcome(await linkPaymentSubscription(world)(members.ada.auth, organization.id, PLAN)()), 'Forbidden');
  const linked = await linkPaymentSubscription(world)(owner.auth, organization.id, PLAN)();
  if (E.isLeft(linked)) return t.fail(linked.left._tag);
  t.like(linked.right, { organizationId: organization.id, amountMinor: 9900, createdBy: owner.user.id });
  t.is(outcome(await linkPaymentSubscription(world)(owner.auth, organization.id, PLAN)()), 'PaymentSubscriptionExists');
  const onlyPaytr = { ...world, paymentSettings: { enabledProviders: ['paytr'] as const } };
  t.is(outcome(await linkPaymentSubscription(onlyPaytr)(owner.auth, organization.id, { ...PLAN, subscriptionReferenceCode: 'x' as SubscriptionReferenceCode })()), 'PaymentProviderNotEnabled');
});

test('listing payments needs billing.read (staff, not members)', async (t) => {
  const world = createPaymentsWorld();
  const { organization, owner, members } = await anOrganization(world, { cole: 'coach', mia: 'member' });
  t.deepEqual(await listPayments(world)(owner.auth, organization.id, { limit: 50 })(), E.right({ items: [], nextCursor: null }));
  t.is(outcome(await listPayments(world)(members.cole.auth, organization.id, { limit: 50 })()), 'Right');
  t.is(outcome(await listPayments(world)(members.mia.auth, organization.id, { limit: 50 })()), 'Forbidden');
});
