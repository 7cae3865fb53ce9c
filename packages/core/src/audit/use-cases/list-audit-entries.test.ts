import test from 'ava';
import * as E from 'fp-ts/lib/Either.js';
import { PageCursor, pageRequest } from '../../shared/pagination.js';
import { anOrganization, createTestWorld, outcome } from '../../testing/index.js';
import { suspendMember } from '../../membership/use-cases/suspend-member.js';
import { reinstateMember } from '../../membership/use-cases/reinstate-member.js';
import { listAuditEntries } from './list-audit-entries.js';

test('owners and admins read the trail newest first, page by page; coaches may not', async (t) => {
  const world = createTestWorld();
  const { organization, owner, members } = await anOrganization(world, { ada: 'admin', cole: 'coach' });
  world.clock.advance(1000);
  await suspendMember(world)(owner.auth, organization.id, members.cole.membership.id)();
  world.clock.advance(1000);
  await reinstateMember(world)(owner.auth, organization.id, members.cole.membership.id)();
  const first = await listAuditEntries(world)(members.ada.auth, organization.id, { limit: 2 })();
  if (E.isLeft(first) || first.right.nextCursor === null) return t.fail();
  t.deepEqual(
    first.right.items.map((e) => e.action),
    ['membership.reinstated', 'membership.suspended'],
  );
  const cursor = PageCursor.decode(first.right.nextCursor);
  if (E.isLeft(cursor)) return t.fail();
  const second = await listAuditEntries(world)(members.ada.auth, organization.id, { limit: 2, cursor: cursor.right })();
  t.deepEqual(
    E.map((page: { items: readonly { action: string }[]; nextCursor: string | null }) => [
      page.items.map((e) => e.action),
      page.nextCursor,
    ])(second),
    E.right([['organization.created'], null]),
  );
  t.is(outcome(await listAuditEntries(world)(members.cole.auth, organization.id, pageRequest())()), 'Forbidden');
});
