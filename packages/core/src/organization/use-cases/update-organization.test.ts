import test from 'ava';
import * as E from 'fp-ts/lib/Either.js';
import * as O from 'fp-ts/lib/Option.js';
import { anOrganization, createTestWorld, outcome } from '../../testing/index.js';
import type { OrganizationSlug } from '../organization-slug.js';
import type { OrganizationName } from '../organization.js';
import { createOrganization } from './create-organization.js';
import { deleteOrganization } from './delete-organization.js';
import { updateOrganization } from './update-organization.js';

const RENAMED = 'Steel Gym' as OrganizationName;

test('an admin renames the organization, audited with before and after', async (t) => {
  const world = createTestWorld();
  const { organization, members } = await anOrganization(world, { ada: 'admin' });
  const result = await updateOrganization(world)(members.ada.auth, organization.id, { name: RENAMED })();
  t.true(E.isRight(result) && result.right.name === RENAMED);
  const entry = world.auditLog.all().at(-1);
  t.like(entry, {
    action: 'organization.updated',
    actorUserId: members.ada.user.id,
    before: { name: 'Iron Gym' },
    after: { name: RENAMED },
  });
});

test('a coach may not rename the organization', async (t) => {
  const world = createTestWorld();
  const { organization, members } = await anOrganization(world, { cole: 'coach' });
  t.is(outcome(await updateOrganization(world)(members.cole.auth, organization.id, { name: RENAMED })()), 'Forbidden');
});

test('only the owner deletes the organization', async (t) => {
  const world = createTestWorld();
  const { organization, owner, members } = await anOrganization(world, { ada: 'admin' });
  t.is(outcome(await deleteOrganization(world)(members.ada.auth, organization.id)()), 'Forbidden');
  t.is(outcome(await deleteOrganization(world)(owner.auth, organization.id)()), 'Right');
  t.deepEqual(world.organizations.all(), []);
});

test('an admin changes the slug, audited with before and after; the old slug no longer finds it', async (t) => {
  const world = createTestWorld();
  const { organization, members } = await anOrganization(world, { ada: 'admin' });
  const result = await updateOrganization(world)(members.ada.auth, organization.id, { slug: 'steel-gym' as OrganizationSlug })();
  t.true(E.isRight(result) && result.right.slug === 'steel-gym' && result.right.name === 'Iron Gym');
  t.like(world.auditLog.all().at(-1), { action: 'organization.updated', before: { slug: 'iron-gym' }, after: { slug: 'steel-gym' } });
  t.true(O.isNone(await world.organizations.findBySlug('iron-gym' as OrganizationSlug)));
  t.true(O.isSome(await world.organizations.findBySlug('steel-gym' as OrganizationSlug)));
});

test('a slug another organization holds, live or deleted, answers SlugTaken and changes nothing', async (t) => {
  const world = createTestWorld();
  const { organization, owner } = await anOrganization(world, {});
  const other = await createOrganization(world)(owner.auth, { name: 'Steel Gym' as OrganizationName })();
  const gone = await createOrganization(world)(owner.auth, { name: 'Old Gym' as OrganizationName })();
  if (E.isLeft(other) || E.isLeft(gone)) return t.fail('fixture');
  t.true(await world.organizations.markDeleted(gone.right.organization.id, world.clock.now()));
  const update = updateOrganization(world)(owner.auth, organization.id, { name: RENAMED, slug: 'steel-gym' as OrganizationSlug });
  t.is(outcome(await update()), 'SlugTaken');
  t.is(outcome(await updateOrganization(world)(owner.auth, organization.id, { slug: 'old-gym' as OrganizationSlug })()), 'SlugTaken');
  t.like(O.toNullable(await world.organizations.findById(organization.id)), { name: 'Iron Gym', slug: 'iron-gym' });
});

test('keeping its own slug is no conflict', async (t) => {
  const world = createTestWorld();
  const { organization, owner } = await anOrganization(world, {});
  const result = await updateOrganization(world)(owner.auth, organization.id, { name: RENAMED, slug: 'iron-gym' as OrganizationSlug })();
  t.true(E.isRight(result) && result.right.slug === 'iron-gym' && result.right.name === RENAMED);
});
