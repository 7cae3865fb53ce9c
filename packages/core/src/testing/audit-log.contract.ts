import assert from 'node:assert/strict';
import type { AuditEntry } from '../audit/audit-entry.js';
import type { AuditLog } from '../audit/ports/audit-log.js';
import type { UserId } from '../identity/identifiers.js';
import type { OrganizationId } from '../organization/organization.js';
import { PageCursor, type PageRequest } from '../shared/pagination.js';
import { fixtureUuid } from './fixture-ids.js';
import type { ContractCase } from './users.contract.js';

/** An AuditLog implementation plus a way to satisfy its foreign keys. */
export interface AuditLogSubject {
  readonly auditLog: AuditLog;
  /** Makes the organization (and the actor user, when not null) exist, if missing. */
  prepare(organizationId: OrganizationId, actorUserId: UserId | null): Promise<void>;
}

const BASE = 0xf0;
const org = (n: number): OrganizationId => fixtureUuid(BASE, n) as OrganizationId;
const T = new Date('2026-03-01T10:00:00.000Z');

const entry = (n: number, organization: number, overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  id: fixtureUuid(BASE + 1, n),
  organizationId: org(organization),
  action: 'membership.role_changed',
  actorUserId: fixtureUuid(BASE + 2, organization) as UserId,
  targetType: 'membership',
  targetId: fixtureUuid(BASE + 3, n),
  before: { role: 'member', status: 'active', userId: null },
  after: { role: 'coach', status: 'active', userId: null },
  createdAt: new Date(T.getTime() + n * 1000),
  ...overrides,
});

const append = async (subject: AuditLogSubject, value: AuditEntry): Promise<AuditEntry> => {
  await subject.prepare(value.organizationId, value.actorUserId);
  await subject.auditLog.append(value);
  return value;
};

/** The AuditLog port's contract: every adapter (in memory, PGlite, PostgreSQL) must pass each case. */
export const auditLogContract: readonly ContractCase<AuditLogSubject>[] = [
  {
    name: 'an appended entry is listed as appended, snapshots and all',
    async run(subject) {
      const appended = await append(
        subject,
        entry(1, 1, { actorUserId: null, before: null, after: { name: 'Club', count: 2, flag: true } }),
      );
      const { items, nextCursor } = await subject.auditLog.list(org(1), { limit: 10 });
      assert.deepEqual(items, [appended]);
      assert.equal(nextCursor, null);
    },
  },
  {
    name: "an organization's entries page newest first, each exactly once, and only its own",
    async run(subject) {
      for (const n of [10, 11, 12, 13, 14]) await append(subject, entry(n, 10));
      await append(subject, entry(15, 11));
      const ids: string[] = [];
      let page: PageRequest = { limit: 2 };
      for (let guard = 0; guard < 10; guard += 1) {
        const result = await subject.auditLog.list(org(10), page);
        ids.push(...result.items.map((e) => e.id));
        if (result.nextCursor === null) break;
        const cursor = PageCursor.decode(result.nextCursor);
        assert.ok(cursor._tag === 'Right');
        page = { limit: 2, cursor: cursor.right };
      }
      assert.deepEqual(
        ids,
        [14, 13, 12, 11, 10].map((n) => fixtureUuid(BASE + 1, n)),
      );
    },
  },
  {
    name: 'entries written in the same instant still page without loss or repeats (id breaks the tie)',
    async run(subject) {
      for (const n of [20, 21, 22]) await append(subject, entry(n, 20, { createdAt: T }));
      const first = await subject.auditLog.list(org(20), { limit: 2 });
      assert.ok(first.nextCursor !== null);
      const cursor = PageCursor.decode(first.nextCursor);
      assert.ok(cursor._tag === 'Right');
      const second = await subject.auditLog.list(org(20), { limit: 2, cursor: cursor.right });
      assert.deepEqual(
        [...first.items, ...second.items].map((e) => e.id).sort(),
        [20, 21, 22].map((n) => fixtureUuid(BASE + 1, n)),
      );
    },
  },
];
