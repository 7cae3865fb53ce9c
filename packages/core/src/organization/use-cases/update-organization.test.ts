import test from 'ava';
import * as E from 'fp-ts/lib/Either.js';
import { anOrganization, createTestWorld, outcome } from '../../testing/index.js';
import type { OrganizationName } from '../organization.js';
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
