import test from 'ava';
import * as E from 'fp-ts/lib/Either.js';
import { agreementsArea } from '../../agreements/agreements-area.js';
import type { Locale } from '../../devices/locale.js';
import type { Email } from '../../identity/email.js';
import { acceptInvitation } from '../../invitation/use-cases/accept-invitation.js';
import type { OrganizationSlug } from '../../organization/organization-slug.js';
import { applyEvidence } from '../../payments/apply-decision.js';
import { anOrganization, aPerson, createTestWorld, outcome } from '../../testing/index.js';
import { MONTHLY_PLAN, WAIVER_TEMPLATE } from '../../testing/commerce-fixtures.js';
import { commerceArea } from '../commerce-area.js';
import type { AgreementTemplateRef } from '../plan.js';
import type { BuyerName } from '../purchase.js';

const setUp = async () => {
  const world = createTestWorld();
  const gym = await anOrganization(world, {});
  const template = await agreementsArea(world).createAgreementTemplate(gym.owner.auth, gym.organization.id, WAIVER_TEMPLATE)();
  if (E.isLeft(template)) throw new Error(template.left._tag);
  const commerce = commerceArea(world);
  const plan = await commerce.createPlan(gym.owner.auth, gym.organization.id, {
    ...MONTHLY_PLAN,
    agreementTemplateIds: [template.right.id as AgreementTemplateRef],
  })();
  if (E.isLeft(plan)) throw new Error(plan.left._tag);
  const started = await commerce.startPurchase('iron-gym' as OrganizationSlug, {
    planId: plan.right.id,
    email: 'visitor@example.com' as Email,
    name: 'Ayşe Yılmaz' as BuyerName,
    locale: 'tr-TR' as Locale,
    provider: 'paytr',
    clientAddress: '203.0.113.7',
  })();
  if (E.isLeft(started)) throw new Error(started.left._tag);
  const poll = async () => {
    const progress = await commerce.getPurchaseStatus(started.right.purchase.id, started.right.statusToken)();
    if (E.isLeft(progress)) throw new Error(progress.left._tag);
    return progress.right;
  };
  return { world, gym, commerce, started: started.right, poll };
};

test('the buyer pays, then is told to sign with links answered once, then to accept; the accepted membership completes the purchase', async (t) => {
  const { world, commerce, started, poll } = await setUp();
  t.like(await poll(), { status: 'awaiting_payment', next: 'pay', validUntil: null, agreements: [] });
  const visitor = await aPerson(world, 'visitor');
  await applyEvidence(world, started.payment, { kind: 'success', paidAmountMinor: null });
  const first = await poll();
  t.like(first, { status: 'paid', next: 'sign_agreements' });
  t.not(first.validUntil, null);
  t.is(first.agreements.length, 1);
  t.regex(first.agreements[0]!.link!.url, /\/sign\//);
  const second = await poll();
  t.is(second.agreements[0]!.link, null, 'the links are answered once');
  const agreementId = first.agreements[0]!.id;
  const fresh = await commerce.issuePurchaseAgreementLink(started.purchase.id, started.statusToken, agreementId)();
  t.true(E.isRight(fresh));
  t.is(outcome(await commerce.issuePurchaseAgreementLink(started.purchase.id, 'mangled', agreementId)()), 'PurchaseNotFound');
  t.is(
    outcome(await commerce.issuePurchaseAgreementLink(started.purchase.id, started.statusToken, '0b5e7c1a-3f2d-4e6b-9a8c-1d2e3f4a5b6c')()),
    'AgreementNotFound',
  );
  // Unsigned agreements do not hold back the membership: accepting in the app completes the purchase.
  const purchase = world.purchases.all().find((row) => row.id === started.purchase.id)!;
  const accepted = await acceptInvitation(world)(visitor.auth, { invitationId: purchase.invitationId! })();
  t.true(E.isRight(accepted), E.isLeft(accepted) ? accepted.left._tag : '');
  t.like(
    world.purchases.all().find((row) => row.id === started.purchase.id),
    { status: 'completed' },
    'completed with the acceptance',
  );
  t.like(await poll(), { status: 'completed', next: 'sign_agreements' });
  t.like(
    world.purchases.all().find((row) => row.id === started.purchase.id),
    { status: 'completed' },
  );
});

test('a path-1 buyer without pending agreements is told to check their e-mail', async (t) => {
  const { world, started, poll } = await setUp();
  await applyEvidence(world, started.payment, { kind: 'success', paidAmountMinor: null });
  const first = await poll();
  const agreement = first.agreements[0]!;
  await world.agreements.revoke(agreement.id, world.clock.now());
  t.like(await poll(), { status: 'paid', next: 'check_email' });
});
