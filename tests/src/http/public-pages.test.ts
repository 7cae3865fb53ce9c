import test, { type ExecutionContext } from 'ava';
import { reportPostgresNotRun } from '../persistence/support/backends.js';
import { createScratchDatabase } from '../persistence/support/scratch-database.js';
import { organizationWithMembers, startEmulatedService, type EmulatedService } from '../support/emulated-service.js';
import { assertError, callService } from '../support/service-api.js';

// Slugs, plans and the public profile over real sockets, on the server's real database: PGlite, and
// PostgreSQL when TEST_DATABASE_URL is set.

const MONTHLY = {
  name: 'Monthly',
  description: { en: 'Unlimited classes', tr: 'Sınırsız ders' },
  priceMinor: 150000,
  currency: 'TRY',
  period: 'month',
  grantsRole: 'member',
  onSale: true,
  seatLimit: 40,
};

const story = async (t: ExecutionContext, world: EmulatedService): Promise<void> => {
  const ownerId = await world.seedUser('slug-owner@example.com');
  const adminId = await world.seedUser('slug-admin@example.com');
  const coachId = await world.seedUser('slug-coach@example.com');
  const { orgId } = await organizationWithMembers(world, ownerId, 'Şişli Güç Salonu', [
    { idpId: adminId, email: 'slug-admin@example.com', role: 'admin' },
    { idpId: coachId, email: 'slug-coach@example.com', role: 'coach' },
  ]);
  const owner = world.as(ownerId);
  const visitor = (path: string) => callService(world.service.url, null, 'GET', path);

  // The slug comes from the name; the same name again gets the next free one.
  t.like((await owner.get(`/organizations/${orgId}`)).body, { organization: { slug: 'sisli-guc-salonu' } });
  const twin = await owner.post('/organizations', { name: 'Sisli Guc Salonu' });
  t.like(twin.body, { organization: { slug: 'sisli-guc-salonu-2' } });

  // Plans: the owner writes; the coach reads; the admin may not write (billing.manage is the owner's).
  const created = await owner.post(`/organizations/${orgId}/plans`, MONTHLY);
  t.is(created.status, 201, JSON.stringify(created.body));
  t.like(created.body.plan, { ...MONTHLY, organizationId: orgId, agreementTemplateIds: [], archivedAt: null });
  const hidden = await owner.post(`/organizations/${orgId}/plans`, { ...MONTHLY, name: 'Staff only', onSale: false });
  assertError(t, await world.as(adminId).post(`/organizations/${orgId}/plans`, MONTHLY), 403, 'Forbidden');
  const listed = await world.as(coachId).get(`/organizations/${orgId}/plans`);
  t.deepEqual(
    listed.body.items.map((plan: { name: string }) => plan.name),
    ['Monthly', 'Staff only'],
  );

  // The public page: name and plans on sale; nothing about members, no staff fields.
  const page = await visitor('/public/organizations/sisli-guc-salonu');
  t.is(page.status, 200, JSON.stringify(page.body));
  t.deepEqual(page.body, {
    organization: { name: 'Şişli Güç Salonu', slug: 'sisli-guc-salonu' },
    plans: [
      {
        id: created.body.plan.id,
        name: 'Monthly',
        description: MONTHLY.description,
        priceMinor: 150000,
        currency: 'TRY',
        period: 'month',
        grantsRole: 'member',
        seatLimit: 40,
      },
    ],
  });
  t.false(JSON.stringify(page.body).includes('slug-owner@example.com'));

  // Archiving takes a plan off the page for good.
  const archived = await owner.patch(`/organizations/${orgId}/plans/${created.body.plan.id}`, { archived: true });
  t.like(archived.body, { plan: { onSale: false } });
  t.not(archived.body.plan.archivedAt, null);
  assertError(t, await owner.patch(`/organizations/${orgId}/plans/${created.body.plan.id}`, { onSale: true }), 409, 'PlanArchived');
  t.deepEqual((await visitor('/public/organizations/sisli-guc-salonu')).body.plans, []);
  const onSale = await owner.patch(`/organizations/${orgId}/plans/${hidden.body.plan.id}`, { onSale: true, priceMinor: 99000 });
  t.like(onSale.body, { plan: { onSale: true, priceMinor: 99000, name: 'Staff only' } });
  t.like((await visitor('/public/organizations/sisli-guc-salonu')).body, { plans: [{ name: 'Staff only', priceMinor: 99000 }] });

  // A manager renames the slug; the old one no longer answers; another organization's is 409.
  t.like((await world.as(adminId).patch(`/organizations/${orgId}`, { slug: 'guc-salonu' })).body, {
    organization: { slug: 'guc-salonu', name: 'Şişli Güç Salonu' },
  });
  assertError(t, await visitor('/public/organizations/sisli-guc-salonu'), 404, 'OrganizationNotFound');
  t.is((await visitor('/public/organizations/guc-salonu')).status, 200);
  assertError(t, await owner.patch(`/organizations/${orgId}`, { slug: 'sisli-guc-salonu-2' }), 409, 'SlugTaken');
  assertError(t, await world.as(coachId).patch(`/organizations/${orgId}`, { slug: 'coach-gym' }), 403, 'Forbidden');

  // Bad and reserved slugs are 400s naming the rule; never a 500.
  const reserved = await owner.patch(`/organizations/${orgId}`, { slug: 'admin' });
  assertError(t, reserved, 400, 'ValidationFailed');
  t.regex(reserved.body.message, /slug.*reserved word/);
  const malformed = await owner.patch(`/organizations/${orgId}`, { slug: 'Güç Salonu' });
  assertError(t, malformed, 400, 'ValidationFailed');
  t.regex(malformed.body.message, /slug.*lower-case letters, digits and single hyphens/);
  assertError(t, await owner.patch(`/organizations/${orgId}`, {}), 400, 'ValidationFailed');
  assertError(t, await visitor('/public/organizations/API'), 400, 'ValidationFailed');
  const badPlan = await owner.post(`/organizations/${orgId}/plans`, { ...MONTHLY, grantsRole: 'admin', priceMinor: 0, currency: 'GBP' });
  assertError(t, badPlan, 400, 'ValidationFailed');
  for (const field of ['grantsRole', 'priceMinor', 'currency']) t.regex(badPlan.body.message, new RegExp(field));

  // A deleted organization's page is 404, and its slug is never given again.
  t.is((await owner.delete(`/organizations/${twin.body.organization.id}`)).status, 204);
  assertError(t, await visitor('/public/organizations/sisli-guc-salonu-2'), 404, 'OrganizationNotFound');
  assertError(t, await owner.patch(`/organizations/${orgId}`, { slug: 'sisli-guc-salonu-2' }), 409, 'SlugTaken');
  t.like((await owner.post('/organizations', { name: 'Sisli Guc Salonu 2' })).body, { organization: { slug: 'sisli-guc-salonu-2-2' } });
};

test.serial('PGlite: slugs, plans and the public page over real sockets', async (t) => {
  const world = await startEmulatedService();
  try {
    await story(t, world);
  } finally {
    await world.close();
  }
});

const POSTGRES_URL = process.env['TEST_DATABASE_URL'];
if (!POSTGRES_URL) reportPostgresNotRun('the PostgreSQL case of the public pages did not run: TEST_DATABASE_URL is not set');
else
  test.serial('PostgreSQL: slugs, plans and the public page over real sockets', async (t) => {
    const scratch = await createScratchDatabase(POSTGRES_URL);
    const world = await startEmulatedService({ DATABASE_URL: scratch.url });
    try {
      await story(t, world);
    } finally {
      await world.close();
      await scratch.drop();
    }
  });

test.serial('the public page is behind the public rate limiter: over the budget, 429 RateLimited with Retry-After', async (t) => {
  const world = await startEmulatedService({ PUBLIC_RATE_LIMIT_POINTS: '2', PUBLIC_RATE_LIMIT_WINDOW_SECONDS: '600' });
  try {
    const get = () => fetch(`${world.service.url}/public/organizations/no-such-gym`);
    t.is((await get()).status, 404);
    t.is((await get()).status, 404);
    const limited = await get();
    t.is(limited.status, 429);
    t.truthy(limited.headers.get('retry-after'));
    t.like(await limited.json(), { code: 'RateLimited' });
  } finally {
    await world.close();
  }
});
