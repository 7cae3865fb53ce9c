import test from 'ava';
import * as E from 'fp-ts/lib/Either.js';
import * as O from 'fp-ts/lib/Option.js';
import { NOTIFY_REQUESTED_JOB } from '../agreements/agreement-jobs.js';
import { agreementsArea } from '../agreements/agreements-area.js';
import type { Locale } from '../devices/locale.js';
import type { Email } from '../identity/email.js';
import { INVITATION_JOBS } from '../invitation/invitation-jobs.js';
import { inviteMember } from '../invitation/use-cases/invite-member.js';
import type { OrganizationSlug } from '../organization/organization-slug.js';
import { applyEvidence } from '../payments/apply-decision.js';
import { reconcilePayment } from '../payments/use-cases/reconcile-payment.js';
import { MONTHLY_PLAN, WAIVER_TEMPLATE } from '../testing/commerce-fixtures.js';
import { anOrganization, aPerson, createTestWorld, type TestWorld } from '../testing/index.js';
import { commerceArea } from './commerce-area.js';
import type { AgreementTemplateRef, PlanInput, SeatLimit } from './plan.js';
import { validUntilOf, type BuyerName } from './purchase.js';
import type { StartPurchaseInput } from './use-cases/start-purchase.js';

const SLUG = 'iron-gym' as OrganizationSlug;

const setUp = async (plan: Partial<PlanInput> = {}, world: TestWorld = createTestWorld()) => {
  const gym = await anOrganization(world, { bob: 'member' });
  const template = await agreementsArea(world).createAgreementTemplate(gym.owner.auth, gym.organization.id, WAIVER_TEMPLATE)();
  if (E.isLeft(template)) throw new Error(template.left._tag);
  const commerce = commerceArea(world);
  const created = await commerce.createPlan(gym.owner.auth, gym.organization.id, {
    ...MONTHLY_PLAN,
    agreementTemplateIds: [template.right.id as AgreementTemplateRef],
    ...plan,
  })();
  if (E.isLeft(created)) throw new Error(created.left._tag);
  const input = (email = 'visitor@example.com'): StartPurchaseInput => ({
    planId: created.right.id,
    email: email as Email,
    name: 'Ayşe Yılmaz' as BuyerName,
    locale: 'tr-TR' as Locale,
    provider: 'paytr',
    clientAddress: '203.0.113.7',
  });
  const buy = async (email?: string) => {
    const started = await commerce.startPurchase(SLUG, input(email))();
    if (E.isLeft(started)) throw new Error(started.left._tag);
    return started.right;
  };
  const purchaseOf = async (id: string) => O.toNullable(await world.purchases.findById(id as never))!;
  return { world, gym, commerce, plan: created.right, buy, purchaseOf };
};

test('a verified payment grants in its own unit of work: an invited membership, a path-1 invitation with its ticket job, the waiver request, the events', async (t) => {
  const { world, gym, buy, purchaseOf } = await setUp();
  const started = await buy();
  const paid = await applyEvidence(world, started.payment, { kind: 'success', paidAmountMinor: null });
  t.is(paid.kind, 'applied');
  const purchase = await purchaseOf(started.purchase.id);
  const paidAt = world.clock.now();
  t.like(purchase, { status: 'paid', flags: [], paidAt, validUntil: validUntilOf(paidAt, 'month') });
  const membership = world.memberships.all().find((row) => row.id === purchase.membershipId);
  t.like(membership, { status: 'invited', role: 'member', userId: null, email: 'visitor@example.com', validUntil: purchase.validUntil! });
  const invitation = world.invitations.all().find((row) => row.id === purchase.invitationId);
  t.like(invitation, { status: 'pending', membershipId: membership!.id, invitedBy: gym.owner.user.id });
  t.true(world.jobQueue.enqueued.some((job) => job.name === INVITATION_JOBS.mailTicket && job.data['invitationId'] === invitation!.id));
  const agreements = await world.agreements.listForOrganization(gym.organization.id, membership!.id);
  t.is(agreements.length, 1, 'one signature request per template of the plan');
  t.false(world.jobQueue.names().includes(NOTIFY_REQUESTED_JOB), 'no account yet, so no device to tell');
  const created = world.auditLog.all().find((entry) => entry.action === 'invitation.created' && entry.targetId === invitation!.id);
  t.like(created, { actorUserId: null, after: { actorPurchaseId: purchase.id } });
  t.deepEqual(
    world.eventLog
      .types()
      .filter((type) => ['membership.created', 'invitation.created', 'agreement.requested', 'purchase.completed'].includes(type))
      .slice(-4),
    ['membership.created', 'invitation.created', 'agreement.requested', 'purchase.completed'],
  );
});

test('a buyer whose verified address has an account gets a pending_invitation to accept in the app (path 2), no ticket mail', async (t) => {
  const { world, buy, purchaseOf } = await setUp();
  const visitor = await aPerson(world, 'visitor');
  const started = await buy('visitor@example.com');
  await applyEvidence(world, started.payment, { kind: 'success', paidAmountMinor: null });
  const purchase = await purchaseOf(started.purchase.id);
  t.like(
    world.memberships.all().find((row) => row.id === purchase.membershipId),
    { status: 'pending_invitation', userId: visitor.user.id },
  );
  t.false(world.jobQueue.names().includes(INVITATION_JOBS.mailTicket));
  t.true(world.jobQueue.names().includes(INVITATION_JOBS.notifyInvitee));
  const [waiver] = await world.agreements.listForOrganization(purchase.organizationId, purchase.membershipId!);
  t.true(
    world.jobQueue.enqueued.some((job) => job.name === NOTIFY_REQUESTED_JOB && job.data['agreementId'] === waiver!.agreement.id),
    'the waiver request is pushed to the buyer, as a request made by staff is',
  );
});

test('the same success applied twice grants once', async (t) => {
  const { world, buy } = await setUp();
  const started = await buy();
  await applyEvidence(world, started.payment, { kind: 'success', paidAmountMinor: null });
  const again = await applyEvidence(world, started.payment, { kind: 'success', paidAmountMinor: null });
  t.is(again.kind, 'stale');
  t.is(world.memberships.all().filter((row) => row.email === 'visitor@example.com').length, 1);
  t.is(world.eventLog.types().filter((type) => type === 'purchase.completed').length, 1);
});

test('a failed payment grants nothing and fails the purchase', async (t) => {
  const { world, buy, purchaseOf } = await setUp();
  const started = await buy();
  await applyEvidence(world, started.payment, { kind: 'failure', code: 'paytr:0' });
  t.like(await purchaseOf(started.purchase.id), { status: 'failed', membershipId: null, paidAt: null });
  t.false(world.memberships.all().some((row) => row.email === 'visitor@example.com'));
});

test('an expired payment expires its purchase; a success after that is kept, flagged late_payment, and still grants', async (t) => {
  const { world, buy, purchaseOf } = await setUp();
  const started = await buy();
  world.paymentGateway.verdict = { status: 'pending' };
  await reconcilePayment(world)(started.payment, true);
  t.like(await purchaseOf(started.purchase.id), { status: 'expired' });
  const expired = O.toNullable(await world.paymentTransactions.findById(started.payment.id))!;
  await applyEvidence(world, expired, { kind: 'success', paidAmountMinor: null });
  const purchase = await purchaseOf(started.purchase.id);
  t.like(purchase, { status: 'paid', flags: ['late_payment'] });
  t.not(purchase.membershipId, null);
  t.true(world.eventLog.types().includes('purchase.flagged'));
});

test('a plan sold out at grant time grants nothing: the purchase is flagged sold_out, audited, announced', async (t) => {
  const { world, buy, purchaseOf } = await setUp({ seatLimit: 1 as SeatLimit });
  const first = await buy('first@example.com');
  const second = await buy('second@example.com');
  await applyEvidence(world, first.payment, { kind: 'success', paidAmountMinor: null });
  await applyEvidence(world, second.payment, { kind: 'success', paidAmountMinor: null });
  const purchase = await purchaseOf(second.purchase.id);
  t.like(purchase, { status: 'paid', flags: ['sold_out'], membershipId: null });
  t.false(world.memberships.all().some((row) => row.email === 'second@example.com'));
  t.true(world.auditLog.all().some((entry) => entry.action === 'purchase.flagged' && entry.targetId === purchase.id));
  t.like(world.eventLog.events.find((event) => event.type === 'purchase.flagged')?.data, { purchaseId: purchase.id, flag: 'sold_out' });
});

test("an anonymous purchase for an active member's address is flagged existing_member; the payment stands", async (t) => {
  const { world, buy, purchaseOf } = await setUp();
  const started = await buy('bob@example.com');
  await applyEvidence(world, started.payment, { kind: 'success', paidAmountMinor: null });
  t.like(await purchaseOf(started.purchase.id), { status: 'paid', flags: ['existing_member'], membershipId: null });
  t.like(O.toNullable(await world.paymentTransactions.findById(started.payment.id)), { status: 'succeeded' });
});

test("a pending invitation past its expiry holds no place: it is expired, and the buyer's purchase grants", async (t) => {
  const { world, gym, buy, purchaseOf } = await setUp();
  const invited = await inviteMember(world)(gym.owner.auth, gym.organization.id, {
    email: 'visitor@example.com' as Email,
    role: 'member',
  })();
  if (E.isLeft(invited)) return t.fail(invited.left._tag);
  const started = await buy('visitor@example.com');
  world.clock.advance(8 * 24 * 60 * 60 * 1000);
  await applyEvidence(world, started.payment, { kind: 'success', paidAmountMinor: null });
  const purchase = await purchaseOf(started.purchase.id);
  t.like(purchase, { status: 'paid', flags: [] });
  t.not(purchase.invitationId, null);
  t.like(
    world.invitations.all().find((row) => row.id === invited.right.invitation.id),
    { status: 'expired' },
  );
  t.true(world.eventLog.types().includes('invitation.expired'));
});

test('validUntil is a calendar month or year after payment, the last day of a shorter month, none for once', (t) => {
  t.deepEqual(validUntilOf(new Date('2026-01-31T10:00:00Z'), 'month'), new Date('2026-02-28T10:00:00Z'));
  t.deepEqual(validUntilOf(new Date('2026-12-06T10:00:00Z'), 'month'), new Date('2027-01-06T10:00:00Z'));
  t.deepEqual(validUntilOf(new Date('2028-02-29T10:00:00Z'), 'year'), new Date('2029-02-28T10:00:00Z'));
  t.is(validUntilOf(new Date('2026-12-06T10:00:00Z'), 'once'), null);
});
