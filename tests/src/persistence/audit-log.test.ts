import type { Persistence } from '@idv/adapters-persistence';
import type { AuditEntry } from '@idv/core';
import test from 'ava';
import * as E from 'fp-ts/lib/Either.js';
import { forEachBackend } from './support/backends.js';
import { anAuditEntry, anOrganization, at, idsFor } from './support/fixtures.js';
import { ensureUser } from './support/seed.js';

const { org, user, entry } = idsFor(0x110);

forEachBackend((backend) => {
  const db = (): Persistence => backend.persistence();
  const label = backend.label;

  const everyPage = async (organizationId: AuditEntry['organizationId'], limit: number): Promise<AuditEntry[]> => {
    const seen: AuditEntry[] = [];
    let page = await db().auditLog.list(organizationId, { limit });
    seen.push(...page.items);
    while (page.nextCursor !== null) {
      const last = page.items[page.items.length - 1]!;
      page = await db().auditLog.list(organizationId, { limit, cursor: { at: last.createdAt, id: last.id } });
      seen.push(...page.items);
    }
    return seen;
  };

  test(`${label}: an entry reads back as appended, snapshots included`, async (t) => {
    await db().organizations.create(anOrganization(org(1)));
    await ensureUser(db(), user(1));
    const appended = anAuditEntry({
      id: entry(1),
      organizationId: org(1),
      action: 'membership.role_changed',
      actorUserId: user(1),
      targetType: 'membership',
      before: { role: 'member', status: 'active', userId: null, count: 2, flag: false },
      after: { role: 'coach', note: 'quote " and ? and \\ survive' },
    });
    await db().auditLog.append(appended);
    t.deepEqual((await db().auditLog.list(org(1), { limit: 10 })).items, [appended]);
  });

  test(`${label}: the trail pages newest first, without repeats or gaps when entries share a timestamp`, async (t) => {
    await db().organizations.create(anOrganization(org(2)));
    const entries = [1, 2, 2, 2, 2, 3, 3].map((second, i) =>
      anAuditEntry({ id: entry(200 + i), organizationId: org(2), createdAt: at(second) }),
    );
    // Appended out of order: the order comes from (createdAt, id), not from insertion.
    for (const e of [...entries].reverse()) await db().auditLog.append(e);
    const expected = [...entries].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1));
    for (const limit of [1, 2, 3, 7])
      t.deepEqual(
        (await everyPage(org(2), limit)).map((e) => e.id),
        expected.map((e) => e.id),
        `limit ${limit}`,
      );
  });

  test(`${label}: an append inside a unit of work that rolls back leaves no entry`, async (t) => {
    await db().organizations.create(anOrganization(org(3)));
    const result = await db().unitOfWork.run(async () => {
      await db().auditLog.append(anAuditEntry({ id: entry(300), organizationId: org(3) }));
      return E.left('rolled back');
    });
    t.true(E.isLeft(result));
    t.deepEqual((await db().auditLog.list(org(3), { limit: 10 })).items, []);
  });
});
