import type { Persistence } from '@idv/adapters-persistence';
import type { OrganizationName } from '@idv/core';
import test from 'ava';
import { aPayment, aSubscription, fixtureUuid } from '@idv/core/testing';
import * as O from 'fp-ts/lib/Option.js';
import { forEachBackend } from './support/backends.js';
import { aMembership, anAuditEntry, anInvitation, anOrganization, at, idsFor } from './support/fixtures.js';
import { ensureUser } from './support/seed.js';

const { org, user, membership, invitation, entry } = idsFor(0x100);

forEachBackend((backend) => {
  const db = (): Persistence => backend.persistence();
  const label = backend.label;

  const count = async (table: string, organizationId: string): Promise<number> => {
    const [row] = await db().orm.em.execute<{ count: string | number }[]>(`select count(*) as "count" from "${table}" where "organization_id" = ?`, [organizationId]);
    return Number(row?.count);
  };

  test(`${label}: an organization reads back as created; renaming stamps updatedAt; unknown ids find nothing`, async (t) => {
    const created = anOrganization(org(1), 'Rowing Club');
    await db().organizations.create(created);
    t.deepEqual(O.toNullable(await db().organizations.findById(org(1))), created);
    const renamed = await db().organizations.rename(org(1), 'River Rowing' as OrganizationName, at(5));
    t.deepEqual(O.toNullable(renamed), { ...created, name: 'River Rowing', updatedAt: at(5) });
    t.true(O.isNone(await db().organizations.findById(org(2))));
    t.true(O.isNone(await db().organizations.rename(org(2), 'Nobody' as OrganizationName, at(5))));
  });

  test(`${label}: a soft-deleted organization keeps every row that names it, leaves its members' lists, and refuses a hard delete`, async (t) => {
    for (const n of [10, 11]) {
      await db().organizations.create(anOrganization(org(n)));
      await ensureUser(db(), user(n));
      await db().memberships.insert(aMembership({ id: membership(n), organizationId: org(n), userId: user(n), role: 'owner' }));
      await db().invitations.create(anInvitation({ id: invitation(n), organizationId: org(n), membershipId: membership(n), invitedBy: user(n) }));
      await db().auditLog.append(anAuditEntry({ id: entry(n), organizationId: org(n), actorUserId: user(n) }));
      await db().paymentTransactions.create(aPayment(fixtureUuid(0x101, n), org(n), { status: 'succeeded' }));
      await db().paymentSubscriptions.create(aSubscription(fixtureUuid(0x102, n), org(n), `sub-soft-delete-${n}`));
    }
    t.true(await db().organizations.markDeleted(org(10), at(6)));
    t.false(await db().organizations.markDeleted(org(10), at(7)));
    t.true(O.isNone(await db().organizations.findById(org(10))));
    for (const table of ['memberships', 'invitations', 'audit_entries', 'payment_transactions', 'payment_subscriptions']) {
      t.is(await count(table, org(10)), 1, table);
    }
    t.deepEqual(await db().memberships.listForUser(user(10)), []);
    t.is((await db().memberships.listForUser(user(11))).length, 1);
    await t.throwsAsync(db().orm.em.execute('delete from "organizations" where "id" = ?', [org(10)]));
    t.is(await count('payment_transactions', org(10)), 1);
  });
});
