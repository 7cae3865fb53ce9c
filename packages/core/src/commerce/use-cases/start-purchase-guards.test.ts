import test from 'ava';
import * as E from 'fp-ts/lib/Either.js';
import type { Locale } from '../../devices/locale.js';
import type { Email } from '../../identity/email.js';
import type { OrganizationSlug } from '../../organization/organization-slug.js';
import { anOrganization, aPerson, createTestWorld, FakeBotCheck, inMemoryPurchaseThrottle, outcome } from '../../testing/index.js';
import { MONTHLY_PLAN } from '../../testing/commerce-fixtures.js';
import { commerceArea } from '../commerce-area.js';
import type { BuyerName } from '../purchase.js';
import type { StartPurchaseInput } from './start-purchase.js';

const SLUG = 'iron-gym' as OrganizationSlug;
const ADDRESS = '203.0.113.7';

const setUp = async (options: { botCheck?: FakeBotCheck; limits?: { address: number; email: number } } = {}) => {
  const base = createTestWorld();
  const limits = options.limits ?? { address: 20, email: 5 };
  const purchaseThrottle = inMemoryPurchaseThrottle(base.clock, {
    address: { points: limits.address, windowSeconds: 3600 },
    email: { points: limits.email, windowSeconds: 3600 },
  });
  const world = { ...base, purchaseThrottle, ...(options.botCheck === undefined ? {} : { botCheck: options.botCheck }) };
  const gym = await anOrganization(world, { member: 'member', resting: { role: 'member', status: 'suspended' } });
  const commerce = commerceArea(world);
  const plan = await commerce.createPlan(gym.owner.auth, gym.organization.id, {
    ...MONTHLY_PLAN,
  })();
  if (E.isLeft(plan)) throw new Error(plan.left._tag);
  const input: StartPurchaseInput = {
    planId: plan.right.id,
    email: 'visitor@example.com' as Email,
    name: 'Ayşe Yılmaz' as BuyerName,
    locale: 'tr-TR' as Locale,
    provider: 'paytr',
    clientAddress: ADDRESS,
  };
  return { world, gym, commerce, input, purchaseThrottle };
};

test('with the bot check on, a purchase without a token, with a wrong one, from another address or replayed is BotCheckFailed, and nothing is stored', async (t) => {
  const botCheck = new FakeBotCheck();
  const { world, commerce, input } = await setUp({ botCheck });
  t.is(outcome(await commerce.startPurchase(SLUG, input)()), 'BotCheckFailed');
  t.is(outcome(await commerce.startPurchase(SLUG, { ...input, botCheckToken: 'made-up' })()), 'BotCheckFailed');
  botCheck.allow('elsewhere', '198.51.100.1');
  t.is(outcome(await commerce.startPurchase(SLUG, { ...input, botCheckToken: 'elsewhere' })()), 'BotCheckFailed');
  t.deepEqual(world.purchases.all(), []);
  botCheck.allow('passed', ADDRESS);
  t.is(outcome(await commerce.startPurchase(SLUG, { ...input, botCheckToken: 'passed' })()), 'Right');
  t.is(outcome(await commerce.startPurchase(SLUG, { ...input, botCheckToken: 'passed' })()), 'BotCheckFailed', 'a token passes once');
  t.is(world.purchases.all().length, 1);
});

test('with the bot check off, a purchase needs no token', async (t) => {
  const { commerce, input } = await setUp();
  t.is(outcome(await commerce.startPurchase(SLUG, input)()), 'Right');
});

test("past the email's budget a purchase is PurchaseRateLimited with its wait, and spends nothing of the address's budget", async (t) => {
  const { world, commerce, input, purchaseThrottle } = await setUp({ limits: { address: 10, email: 2 } });
  t.is(outcome(await commerce.startPurchase(SLUG, input)()), 'Right');
  t.is(outcome(await commerce.startPurchase(SLUG, input)()), 'Right');
  const refused = await commerce.startPurchase(SLUG, input)();
  t.true(E.isLeft(refused) && refused.left._tag === 'PurchaseRateLimited' && refused.left.retryAfterSeconds === 3600);
  t.is(purchaseThrottle.address.used(ADDRESS), 2, 'the refused purchase gave its address point back');
  t.is(outcome(await commerce.startPurchase(SLUG, { ...input, email: 'another@example.com' as Email })()), 'Right');
  t.is(world.purchases.all().length, 3);
  world.clock.advance(3600 * 1000);
  t.is(outcome(await commerce.startPurchase(SLUG, input)()), 'Right', 'the window passes');
});

test("past the address's budget every email is PurchaseRateLimited from that address, not from another", async (t) => {
  const { commerce, input } = await setUp({ limits: { address: 2, email: 5 } });
  for (const email of ['a@example.com', 'b@example.com'])
    t.is(outcome(await commerce.startPurchase(SLUG, { ...input, email: email as Email })()), 'Right');
  t.is(outcome(await commerce.startPurchase(SLUG, { ...input, email: 'c@example.com' as Email })()), 'PurchaseRateLimited');
  t.is(
    outcome(await commerce.startPurchase(SLUG, { ...input, email: 'c@example.com' as Email, clientAddress: '198.51.100.9' })()),
    'Right',
  );
});

test("a signed-in buyer with a live membership here is AlreadyMember before paying; a stranger or an anonymous buyer with a member's email is not", async (t) => {
  const { world, gym, commerce, input } = await setUp();
  t.is(outcome(await commerce.startPurchase(SLUG, { ...input, buyer: gym.members.member.user.id })()), 'AlreadyMember');
  t.is(outcome(await commerce.startPurchase(SLUG, { ...input, buyer: gym.members.resting.user.id })()), 'AlreadyMember');
  t.deepEqual(world.purchases.all(), [], 'no payment was started');
  const stranger = await aPerson(world, 'stranger');
  t.is(outcome(await commerce.startPurchase(SLUG, { ...input, buyer: stranger.user.id })()), 'Right');
  t.is(
    outcome(await commerce.startPurchase(SLUG, { ...input, email: gym.members.member.user.email as Email })()),
    'Right',
    'anonymous: never told',
  );
});
