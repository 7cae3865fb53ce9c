import test from 'ava';
import * as E from 'fp-ts/lib/Either.js';
import { PLATFORM_ADMIN_ROLE } from '../../identity/auth-payload.js';
import { PageCursor, pageRequest } from '../../shared/pagination.js';
import { aPerson, anOrganization, createTestWorld, outcome, sessionOf } from '../../testing/index.js';
import { listMembers } from './list-members.js';

const ACTIVE_ONLY = { includeCancelled: false, page: pageRequest() };

test('a coach sees the roster; cancelled members only on request', async (t) => {
  const world = createTestWorld();
  const { organization, members } = await anOrganization(world, {
    cole: 'coach',
    bob: 'member',
    gone: { role: 'member', status: 'cancelled' },
  });
  const roster = await listMembers(world)(members.cole.auth, organization.id, ACTIVE_ONLY)();
  t.true(E.isRight(roster) && roster.right.items.length === 3 && roster.right.nextCursor === null);
  const all = await listMembers(world)(members.cole.auth, organization.id, { includeCancelled: true, page: pageRequest() })();
  t.true(E.isRight(all) && all.right.items.length === 4);
});

test('the roster shows each member with their email', async (t) => {
  const world = createTestWorld();
  const { organization, owner, members } = await anOrganization(world, { bob: 'member' });
  const roster = await listMembers(world)(owner.auth, organization.id, ACTIVE_ONLY)();
  t.deepEqual(E.isRight(roster) ? roster.right.items.map((m) => m.email) : [], ['owner@example.com', 'bob@example.com']);
  t.true(E.isRight(roster) && roster.right.items[1]?.id === members.bob.membership.id);
});

test("members never see another member's data: a member lists only their own membership", async (t) => {
  const world = createTestWorld();
  const { organization, members } = await anOrganization(world, { bob: 'member', eve: 'member' });
  const own = await listMembers(world)(members.bob.auth, organization.id, ACTIVE_ONLY)();
  t.deepEqual(own, E.right({ items: [members.bob.membership], nextCursor: null }));
});

test('the roster pages with a cursor, oldest first', async (t) => {
  const world = createTestWorld();
  const { organization, owner } = await anOrganization(world, { a: 'member', b: 'member', c: 'member', d: 'member' });
  const first = await listMembers(world)(owner.auth, organization.id, { includeCancelled: false, page: { limit: 3 } })();
  if (E.isLeft(first) || first.right.nextCursor === null) return t.fail();
  t.is(first.right.items.length, 3);
  const cursor = PageCursor.decode(first.right.nextCursor);
  if (E.isLeft(cursor)) return t.fail();
  const second = await listMembers(world)(owner.auth, organization.id, {
    includeCancelled: false,
    page: { limit: 3, cursor: cursor.right },
  })();
  t.true(E.isRight(second) && second.right.items.length === 2 && second.right.nextCursor === null);
});

test('a stranger gets OrganizationNotFound', async (t) => {
  const world = createTestWorld();
  const { organization } = await anOrganization(world, {});
  const stranger = await aPerson(world, 'stranger');
  t.is(outcome(await listMembers(world)(stranger.auth, organization.id, ACTIVE_ONLY)()), 'OrganizationNotFound');
});

test('a Platform Admin sees the whole roster, member of the organization or not', async (t) => {
  const world = createTestWorld();
  const { organization, members } = await anOrganization(world, { bob: 'member', eve: 'member' });
  const staff = await aPerson(world, 'staff', PLATFORM_ADMIN_ROLE);
  const roster = await listMembers(world)(staff.auth, organization.id, ACTIVE_ONLY)();
  t.true(E.isRight(roster) && roster.right.items.length === 3);
  const memberStaff = await listMembers(world)(sessionOf(members.bob.user, PLATFORM_ADMIN_ROLE), organization.id, ACTIVE_ONLY)();
  t.true(E.isRight(memberStaff) && memberStaff.right.items.length === 3);
});
