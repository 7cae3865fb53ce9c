import type { Persistence } from '@idv/adapters-persistence';
import type { OrganizationName } from '@idv/core';
import test from 'ava';
import { aPayment, aSubscription, fixtureUuid } from '@idv/core/testing';
import * as E from 'fp-ts/lib/Either.js';
import * as O from 'fp-ts/lib/Option.js';
import { forEachBackend } from './support/backends.js';
import { aMembership, anAuditEntry, anInvitation, anOrganization, at, idsFor } from './support/fixtures.js';
import { ensureUser } from './support/seed.js';

const { org, user, membership, invitation, entry } = idsFor(0x100);

forEachBackend((backend) => {
  const db = (): Persistence => backend.persistence();
  const label = backend.label;

  const count = async (table: string, organizationId: string): Promise<number> => {
    const [row] = await db().orm.em.execute<{ count: string | number }[]>(
      `select count(*) as "count" from "${table}" where "organization_id" = ?`,
      [organizationId],
    );
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
      await db().invitations.create(
        anInvitation({ id: invitation(n), organizationId: org(n), membershipId: membership(n), invitedBy: user(n) }),
      );
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

  if (label !== 'PostgreSQL') return;

  test(`${label}: the organization's row lock makes a payment being started wait for a delete in progress, then find the organization gone`, async (t) => {
    await db().organizations.create(anOrganization(org(30)));
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const deleting = db().unitOfWork.run(async () => {
      const live = await db().organizations.lockLive(org(30));
      locked();
      await released;
      return E.right(live && (await db().organizations.markDeleted(org(30), at(8))));
    });
    await lockTaken;
    const starting = db().unitOfWork.run(async () => E.right(await db().organizations.lockLive(org(30))));
    // Released only once the second transaction is seen waiting for the row lock (a condition, not a delay).
    for (;;) {
      const [row] = await db().orm.em.execute<{ waiting: string | number }[]>(
        `select count(*) as "waiting" from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
      );
      if (Number(row?.waiting) > 0) break;
      await new Promise((resolve) => setImmediate(resolve));
    }
    release();
    t.deepEqual(await deleting, E.right(true));
    t.deepEqual(await starting, E.right(false));
  });
});
