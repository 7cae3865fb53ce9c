import test from 'ava';
import * as E from 'fp-ts/lib/Either.js';
import * as O from 'fp-ts/lib/Option.js';
import type { Locale } from '../../devices/locale.js';
import type { Email } from '../../identity/email.js';
import type { NationalId } from '../../identity/national-id.js';
import type { OrganizationSlug } from '../../organization/organization-slug.js';
import type { AmountMinor, PaymentCard } from '../../payments/payment.js';
import { anOrganization, createTestWorld, outcome } from '../../testing/index.js';
import { MONTHLY_PLAN } from '../../testing/commerce-fixtures.js';
import { applyEvidence } from '../../payments/apply-decision.js';
import { commerceArea } from '../commerce-area.js';
import type { PlanInput, SeatLimit } from '../plan.js';
import type { BuyerName, PurchaseId } from '../purchase.js';
import type { StartPurchaseInput } from './start-purchase.js';

const SLUG = 'iron-gym' as OrganizationSlug;
const CARD = {
  holderName: 'Ada Lovelace',
  number: '5528790000000008',
  expireMonth: '12',
  expireYear: '2030',
  cvc: '123',
} as unknown as PaymentCard;

const setUp = async (plan: Partial<PlanInput> = {}) => {
  const world = createTestWorld();
  const gym = await anOrganization(world, {});
  const commerce = commerceArea(world);
  const created = await commerce.createPlan(gym.owner.auth, gym.organization.id, { ...MONTHLY_PLAN, ...plan })();
  if (E.isLeft(created)) throw new Error(created.left._tag);
  const input: StartPurchaseInput = {
    planId: created.right.id,
    email: 'visitor@example.com' as Email,
    name: 'Ayşe Yılmaz' as BuyerName,
    locale: 'tr-TR' as Locale,
    provider: 'paytr',
    clientAddress: '203.0.113.7',
  };
  return { world, gym, commerce, plan: created.right, input };
};

test('a visitor starts a purchase: awaiting payment, the plan terms recorded, the payment awaiting the payer, a status token', async (t) => {
  const { world, commerce, plan, input } = await setUp();
  const started = await commerce.startPurchase(SLUG, input)();
  if (E.isLeft(started)) return t.fail(started.left._tag);
  const { purchase, payment, clientAction, statusToken } = started.right;
  t.like(purchase, {
    planId: plan.id,
    status: 'awaiting_payment',
    priceMinor: 150_000,
    currency: 'TRY',
    period: 'month',
    grantsRole: 'member',
  });
  t.like(payment, { id: purchase.paymentId, status: 'awaiting_customer', amountMinor: 150_000, createdBy: null });
  t.is(clientAction.kind, 'paytrIframe');
  t.deepEqual(world.purchases.all(), [purchase]);
  const status = await commerce.getPurchaseStatus(purchase.id, statusToken)();
  t.true(E.isRight(status) && status.right.status === 'awaiting_payment' && status.right.next === 'pay');
});

test('a later price change leaves a started purchase at the price it was bought at', async (t) => {
  const { gym, commerce, plan, input, world } = await setUp();
  const started = await commerce.startPurchase(SLUG, input)();
  await commerce.updatePlan(gym.owner.auth, gym.organization.id, plan.id, { priceMinor: 999_000 as AmountMinor })();
  if (E.isLeft(started)) return t.fail(started.left._tag);
  t.is(Number(O.toNullable(await world.purchases.findById(started.right.purchase.id))?.priceMinor), 150_000);
});

test('iyzico needs the card and the national ID, which reach the provider and are kept nowhere', async (t) => {
  const { world, commerce, input } = await setUp();
  t.is(outcome(await commerce.startPurchase(SLUG, { ...input, provider: 'iyzico' })()), 'CardRequired');
  t.is(outcome(await commerce.startPurchase(SLUG, { ...input, provider: 'iyzico', card: CARD })()), 'NationalIdRequired');
  const started = await commerce.startPurchase(SLUG, {
    ...input,
    provider: 'iyzico',
    card: CARD,
    nationalId: '10000000146' as NationalId,
  })();
  t.true(E.isRight(started));
  t.like(world.paymentGateway.initialized.at(-1), { hadCard: true, hadIdentityNumber: true, ip: '203.0.113.7' });
  t.false(JSON.stringify(world.purchases.all()).includes('10000000146'));
  t.false(JSON.stringify(world.purchases.all()).includes('5528790000000008'));
});

test('a plan off sale, archived or of another organization is PlanNotFound; an unknown or deleted organization OrganizationNotFound', async (t) => {
  const { world, gym, commerce, plan, input } = await setUp();
  t.is(outcome(await commerce.startPurchase('no-such-gym' as OrganizationSlug, input)()), 'OrganizationNotFound');
  await commerce.updatePlan(gym.owner.auth, gym.organization.id, plan.id, { onSale: false })();
  t.is(outcome(await commerce.startPurchase(SLUG, input)()), 'PlanNotFound');
  await commerce.updatePlan(gym.owner.auth, gym.organization.id, plan.id, { archived: true })();
  t.is(outcome(await commerce.startPurchase(SLUG, input)()), 'PlanNotFound');
  await world.organizations.markDeleted(gym.organization.id, world.clock.now());
  t.is(outcome(await commerce.startPurchase(SLUG, input)()), 'OrganizationNotFound');
  t.deepEqual(world.purchases.all(), []);
});

test('a plan whose seats are all taken is PlanSoldOut', async (t) => {
  const { world, commerce, input } = await setUp({ seatLimit: 1 as SeatLimit });
  const first = await commerce.startPurchase(SLUG, input)();
  if (E.isLeft(first)) return t.fail(first.left._tag);
  t.true(E.isRight(await commerce.startPurchase(SLUG, input)()), 'an unpaid purchase holds no seat');
  await applyEvidence(world, first.right.payment, { kind: 'success', paidAmountMinor: null });
  t.like(O.toNullable(await world.purchases.findById(first.right.purchase.id)), { status: 'paid' }, 'the payment granted a seat');
  t.is(outcome(await commerce.startPurchase(SLUG, input)()), 'PlanSoldOut');
});

test('a refused card fails the payment and the purchase; a provider that is down fails them too', async (t) => {
  const { world, commerce, input } = await setUp();
  world.paymentGateway.refuseWith = 'card_declined';
  t.is(outcome(await commerce.startPurchase(SLUG, input)()), 'PaymentRefused');
  world.paymentGateway.refuseWith = null;
  world.paymentGateway.unavailable = true;
  t.is(outcome(await commerce.startPurchase(SLUG, input)()), 'PaymentProviderUnavailable');
  t.deepEqual(
    world.purchases.all().map((purchase) => purchase.status),
    ['failed', 'failed'],
  );
  // Each failure is a payment.failed event, as for a payment staff start.
  t.deepEqual(
    world.eventLog.events.filter((event) => event.type === 'payment.failed').map((event) => event.data['failureCode']),
    ['card_declined', 'provider_unavailable'],
  );
});

test('a disabled provider is PaymentProviderNotEnabled, before anything is stored', async (t) => {
  const { world, input } = await setUp();
  const commerce = commerceArea({ ...world, paymentSettings: { enabledProviders: ['iyzico'] } });
  t.is(outcome(await commerce.startPurchase(SLUG, input)()), 'PaymentProviderNotEnabled');
  t.deepEqual(world.purchases.all(), []);
});

test("the status needs the purchase's own token: another's or a mangled one is PurchaseNotFound, an expired one StatusTokenExpired", async (t) => {
  const { world, commerce, input } = await setUp();
  const first = await commerce.startPurchase(SLUG, input)();
  const second = await commerce.startPurchase(SLUG, input)();
  if (E.isLeft(first) || E.isLeft(second)) return t.fail('fixture');
  t.is(outcome(await commerce.getPurchaseStatus(first.right.purchase.id, second.right.statusToken)()), 'PurchaseNotFound');
  t.is(outcome(await commerce.getPurchaseStatus(first.right.purchase.id, 'nonsense')()), 'PurchaseNotFound');
  const unknown = '00000000-0000-4000-8000-00000000beef' as PurchaseId;
  t.is(
    outcome(await commerce.getPurchaseStatus(unknown, commerce.purchaseStatusToken(unknown, new Date(Date.now() + 1e9)))()),
    'PurchaseNotFound',
  );
  world.clock.advance(8 * 24 * 60 * 60 * 1000);
  t.is(outcome(await commerce.getPurchaseStatus(first.right.purchase.id, first.right.statusToken)()), 'StatusTokenExpired');
});

test('a payment that failed or expired shows on the purchase still awaiting it', async (t) => {
  const { world, commerce, input } = await setUp();
  const started = await commerce.startPurchase(SLUG, input)();
  if (E.isLeft(started)) return t.fail(started.left._tag);
  await world.paymentTransactions.transition(started.right.payment.id, ['awaiting_customer'], { status: 'expired', at: world.clock.now() });
  const status = await commerce.getPurchaseStatus(started.right.purchase.id, started.right.statusToken)();
  t.true(E.isRight(status) && status.right.status === 'expired' && status.right.next === 'none');
});
