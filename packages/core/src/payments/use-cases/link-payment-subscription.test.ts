import test from 'ava';
import * as E from 'fp-ts/lib/Either.js';
import * as O from 'fp-ts/lib/Option.js';
import type { OrganizationName } from '../../organization/organization.js';
import { createOrganization } from '../../organization/use-cases/create-organization.js';
import { anOrganization, createPaymentsWorld, outcome, type PaymentsWorld } from '../../testing/index.js';
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
  world.paymentGateway.putSubscription(PLAN.subscriptionReferenceCode, 9900);
  const { organization, owner, members } = await anOrganization(world, { ada: 'admin' });
  t.is(outcome(await linkPaymentSubscription(world)(members.ada.auth, organization.id, PLAN)()), 'Forbidden');
  const linked = await linkPaymentSubscription(world)(owner.auth, organization.id, PLAN)();
  if (E.isLeft(linked)) return t.fail(linked.left._tag);
  t.like(linked.right, { organizationId: organization.id, amountMinor: 9900, createdBy: owner.user.id, status: 'active' });
  t.is(outcome(await linkPaymentSubscription(world)(owner.auth, organization.id, PLAN)()), 'PaymentSubscriptionExists');
  const onlyPaytr = { ...world, paymentSettings: { enabledProviders: ['paytr'] as const } };
  t.is(
    outcome(
      await linkPaymentSubscription(onlyPaytr)(owner.auth, organization.id, {
        ...PLAN,
        subscriptionReferenceCode: 'x' as SubscriptionReferenceCode,
      })(),
    ),
    'PaymentProviderNotEnabled',
  );
});

test('listing payments needs billing.read (staff, not members)', async (t) => {
  const world = createPaymentsWorld();
  const { organization, owner, members } = await anOrganization(world, { cole: 'coach', mia: 'member' });
  t.deepEqual(await listPayments(world)(owner.auth, organization.id, { limit: 50 })(), E.right({ items: [], nextCursor: null }));
  t.is(outcome(await listPayments(world)(members.cole.auth, organization.id, { limit: 50 })()), 'Right');
  t.is(outcome(await listPayments(world)(members.mia.auth, organization.id, { limit: 50 })()), 'Forbidden');
});

const refusals = [
  { rule: 'a reference iyzico does not know for this merchant', reason: 'not_found', setUp: () => undefined },
  {
    rule: 'a subscription that is not ACTIVE at iyzico',
    reason: 'not_active',
    setUp: (w: PaymentsWorld) => w.paymentGateway.putSubscription(PLAN.subscriptionReferenceCode, 9900, 'TRY', { status: 'UNPAID' }),
  },
  {
    rule: 'a plan priced otherwise at iyzico',
    reason: 'amount_mismatch',
    setUp: (w: PaymentsWorld) => w.paymentGateway.putSubscription(PLAN.subscriptionReferenceCode, 100),
  },
  {
    rule: 'a plan in another currency at iyzico',
    reason: 'currency_mismatch',
    setUp: (w: PaymentsWorld) => w.paymentGateway.putSubscription(PLAN.subscriptionReferenceCode, 9900, 'USD'),
  },
] as const;

for (const { rule, reason, setUp } of refusals) {
  test(`a link of ${rule} is SubscriptionNotVerified (${reason}) and stores nothing`, async (t) => {
    const world = createPaymentsWorld();
    setUp(world);
    const { organization, owner } = await anOrganization(world, {});
    const refused = await linkPaymentSubscription(world)(owner.auth, organization.id, PLAN)();
    t.like(E.isLeft(refused) ? refused.left : {}, { _tag: 'SubscriptionNotVerified', reason });
    t.true(O.isNone(await world.paymentSubscriptions.findByReference('iyzico', PLAN.subscriptionReferenceCode)));
  });
}

test('a refused link leaves the subscription free for the organization it really is at that price', async (t) => {
  const world = createPaymentsWorld();
  world.paymentGateway.putSubscription(PLAN.subscriptionReferenceCode, 9900);
  const rightful = await anOrganization(world, {}, 'Iron Gym');
  const other = await createOrganization(world)(rightful.owner.auth, { name: 'Other Gym' as OrganizationName })();
  if (E.isLeft(other)) return t.fail(other.left._tag);
  t.is(
    outcome(
      await linkPaymentSubscription(world)(rightful.owner.auth, other.right.organization.id, { ...PLAN, amountMinor: 1 as AmountMinor })(),
    ),
    'SubscriptionNotVerified',
  );
  t.is(outcome(await linkPaymentSubscription(world)(rightful.owner.auth, rightful.organization.id, PLAN)()), 'Right');
});

test('iyzico unreachable while linking is PaymentProviderUnavailable (503 with Retry-After) and stores nothing', async (t) => {
  const world = createPaymentsWorld();
  world.paymentGateway.putSubscription(PLAN.subscriptionReferenceCode, 9900);
  world.paymentGateway.subscriptionsUnavailable = true;
  const { organization, owner } = await anOrganization(world, {});
  const refused = await linkPaymentSubscription(world)(owner.auth, organization.id, PLAN)();
  t.like(E.isLeft(refused) ? refused.left : {}, { _tag: 'PaymentProviderUnavailable', retryAfterSeconds: 30 });
  t.true(O.isNone(await world.paymentSubscriptions.findByReference('iyzico', PLAN.subscriptionReferenceCode)));
});
