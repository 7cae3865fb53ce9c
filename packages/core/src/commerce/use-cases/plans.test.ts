import test from 'ava';
import * as E from 'fp-ts/lib/Either.js';
import { anOrganization, aPerson, createTestWorld, outcome } from '../../testing/index.js';
import { createOrganization } from '../../organization/use-cases/create-organization.js';
import type { OrganizationName } from '../../organization/organization.js';
import type { AmountMinor } from '../../payments/payment.js';
import type { OrganizationSlug } from '../../organization/organization-slug.js';
import type { AgreementTemplateRef, PlanId, PlanInput, PlanName } from '../plan.js';
import { commerceArea } from '../commerce-area.js';
import { pageRequest } from '../../shared/pagination.js';

const MONTHLY: PlanInput = {
  name: 'Monthly' as PlanName,
  priceMinor: 150_000 as AmountMinor,
  currency: 'TRY',
  period: 'month',
  grantsRole: 'member',
};

const setUp = async () => {
  const world = createTestWorld();
  const gym = await anOrganization(world, { ada: 'admin', cole: 'coach', mia: 'member' });
  return { world, gym, commerce: commerceArea(world) };
};

test('the owner creates a plan: off sale, no seat limit, no templates unless given', async (t) => {
  const { world, gym, commerce } = await setUp();
  const result = await commerce.createPlan(gym.owner.auth, gym.organization.id, MONTHLY)();
  if (E.isLeft(result)) return t.fail(result.left._tag);
  t.like(result.right, { organizationId: gym.organization.id, onSale: false, seatLimit: null, archivedAt: null, description: {} });
  t.deepEqual(result.right.agreementTemplateIds, []);
  t.deepEqual(world.plans.all(), [result.right]);
});

test('only billing.manage (the owner) writes plans; billing.read (owner, admin, coach) reads them; a stranger gets 404', async (t) => {
  const { world, gym, commerce } = await setUp();
  t.is(outcome(await commerce.createPlan(gym.members.ada.auth, gym.organization.id, MONTHLY)()), 'Forbidden');
  const created = await commerce.createPlan(gym.owner.auth, gym.organization.id, MONTHLY)();
  if (E.isLeft(created)) return t.fail(created.left._tag);
  t.is(outcome(await commerce.updatePlan(gym.members.ada.auth, gym.organization.id, created.right.id, { onSale: true })()), 'Forbidden');
  for (const reader of [gym.owner, gym.members.ada, gym.members.cole]) {
    const listed = await commerce.listPlans(reader.auth, gym.organization.id, { includeArchived: false }, pageRequest())();
    t.true(E.isRight(listed) && listed.right.items.length === 1);
  }
  t.is(
    outcome(await commerce.listPlans(gym.members.mia.auth, gym.organization.id, { includeArchived: false }, pageRequest())()),
    'Forbidden',
  );
  const stranger = await aPerson(world, 'stranger');
  t.is(
    outcome(await commerce.listPlans(stranger.auth, gym.organization.id, { includeArchived: false }, pageRequest())()),
    'OrganizationNotFound',
  );
  t.is(outcome(await commerce.createPlan(stranger.auth, gym.organization.id, MONTHLY)()), 'OrganizationNotFound');
});

test('a change applies to the locked plan; an unknown plan or one of another organization is PlanNotFound', async (t) => {
  const { world, gym, commerce } = await setUp();
  const created = await commerce.createPlan(gym.owner.auth, gym.organization.id, MONTHLY)();
  if (E.isLeft(created)) return t.fail(created.left._tag);
  const changed = await commerce.updatePlan(gym.owner.auth, gym.organization.id, created.right.id, {
    priceMinor: 175_000 as AmountMinor,
    onSale: true,
  })();
  t.true(E.isRight(changed) && changed.right.priceMinor === 175_000 && changed.right.onSale && changed.right.name === 'Monthly');
  const unknown = '00000000-0000-4000-8000-00000000dead' as PlanId;
  t.is(outcome(await commerce.updatePlan(gym.owner.auth, gym.organization.id, unknown, { onSale: true })()), 'PlanNotFound');
  const other = await createOrganization(world)(gym.owner.auth, { name: 'Other Gym' as OrganizationName })();
  if (E.isLeft(other)) return t.fail(other.left._tag);
  const theirs = await commerce.createPlan(gym.owner.auth, other.right.organization.id, MONTHLY)();
  if (E.isLeft(theirs)) return t.fail(theirs.left._tag);
  t.is(outcome(await commerce.updatePlan(gym.owner.auth, gym.organization.id, theirs.right.id, { onSale: true })()), 'PlanNotFound');
});

test('archiving takes the plan off sale and off the public page for good; an archived plan takes no change', async (t) => {
  const { gym, commerce } = await setUp();
  const created = await commerce.createPlan(gym.owner.auth, gym.organization.id, { ...MONTHLY, onSale: true })();
  if (E.isLeft(created)) return t.fail(created.left._tag);
  const archived = await commerce.updatePlan(gym.owner.auth, gym.organization.id, created.right.id, { archived: true })();
  t.true(E.isRight(archived) && archived.right.archivedAt !== null && !archived.right.onSale);
  t.is(outcome(await commerce.updatePlan(gym.owner.auth, gym.organization.id, created.right.id, { onSale: true })()), 'PlanArchived');
  const listed = await commerce.listPlans(gym.owner.auth, gym.organization.id, { includeArchived: false }, pageRequest())();
  t.true(E.isRight(listed) && listed.right.items.length === 0);
  const all = await commerce.listPlans(gym.owner.auth, gym.organization.id, { includeArchived: true }, pageRequest())();
  t.true(E.isRight(all) && all.right.items.length === 1, 'archived, never deleted');
});

test('the public profile shows the name and the plans on sale only; a deleted organization is not found', async (t) => {
  const { world, gym, commerce } = await setUp();
  await commerce.createPlan(gym.owner.auth, gym.organization.id, { ...MONTHLY, onSale: true })();
  await commerce.createPlan(gym.owner.auth, gym.organization.id, { ...MONTHLY, name: 'Hidden' as PlanName })();
  const profile = await commerce.getPublicProfile('iron-gym' as OrganizationSlug)();
  if (E.isLeft(profile)) return t.fail(profile.left._tag);
  t.deepEqual(profile.right.organization, { name: 'Iron Gym', slug: 'iron-gym' });
  t.deepEqual(
    profile.right.plans.map((plan) => plan.name),
    ['Monthly'],
  );
  t.is(outcome(await commerce.getPublicProfile('no-such-gym' as OrganizationSlug)()), 'OrganizationNotFound');
  await world.organizations.markDeleted(gym.organization.id, world.clock.now());
  t.is(outcome(await commerce.getPublicProfile('iron-gym' as OrganizationSlug)()), 'OrganizationNotFound');
});

test('a plan naming templates that are not the organization’s live ones is UnknownAgreementTemplates, on create and on change', async (t) => {
  const { gym, commerce } = await setUp();
  const unknown = '0b5e7c1a-3f2d-4e6b-9a8c-1d2e3f4a5b6c' as AgreementTemplateRef;
  t.is(
    outcome(await commerce.createPlan(gym.owner.auth, gym.organization.id, { ...MONTHLY, agreementTemplateIds: [unknown] })()),
    'UnknownAgreementTemplates',
  );
  const created = await commerce.createPlan(gym.owner.auth, gym.organization.id, MONTHLY)();
  if (E.isLeft(created)) return t.fail(created.left._tag);
  t.is(
    outcome(await commerce.updatePlan(gym.owner.auth, gym.organization.id, created.right.id, { agreementTemplateIds: [unknown] })()),
    'UnknownAgreementTemplates',
  );
});
