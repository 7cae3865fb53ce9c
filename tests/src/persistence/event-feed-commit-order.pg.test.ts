import { SqlEventLog, statement, type SqlRunner } from '@idv/adapters-persistence';
import type { EventLog, OutboundEvent } from '@idv/core';
import test from 'ava';
import { forEachBackend, runnerFor } from './support/backends.js';
import { ensureOrganization } from './support/seed.js';

// Each case reads its own organization's feed, so one case's events never show in the other's.
const ORGS = [
  '0000e0f0-0000-4000-8000-000000000001',
  '0000e0f0-0000-4000-8000-000000000002',
  '0000e0f0-0000-4000-8000-000000000003',
] as const;
let ORG: string = ORGS[0];
// Asking for the transaction's id assigns one now, as the first write of a longer transaction would.
const TAKE_XID = statement('probe_take_xact_id', 'select pg_current_xact_id()::text as "xid"');
const NEXT_POSITION = statement('probe_next_position', `select nextval('outbound_events_position_seq')::text as "next"`);
const SET_POSITION = statement('probe_set_position', `select setval('outbound_events_position_seq', ?::bigint)`);

let serial = 0;
const anEvent = (): OutboundEvent => ({
  id: `evt_${(++serial).toString(16).padStart(32, '0')}`,
  type: 'organization.updated',
  organizationId: ORG,
  data: { organizationId: ORG, changedFields: ['name'], updatedAt: '2026-03-01T10:00:00.000Z' },
  timestamp: new Date('2026-03-01T10:00:00.000Z'),
});

/** A promise the test resolves when it chooses. */
const gate = (): { opened: Promise<void>; open: () => void } => {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
};

/** Opens a transaction on `sql` that runs `steps` and then stays open until `release` opens; resolves when committed. */
const holdOpen = (sql: SqlRunner, steps: () => Promise<void>, ready: () => void, release: Promise<void>): Promise<void> =>
  sql.transaction(async () => {
    await steps();
    ready();
    await release;
  });

// Reads the feed from `after`, page by page, until `enough` ids are read or, past a bounded time (a
// transaction open elsewhere on the shared server holds the feed back), what there is; answers the
// ids read and where the reader now stands.
const readFrom = async (log: EventLog, after: string | undefined, enough = 0): Promise<{ ids: string[]; at: string | undefined }> => {
  const ids: string[] = [];
  let at = after;
  const deadline = Date.now() + 60_000;
  for (;;) {
    const page = await log.feed(ORG, at, 2);
    if (page.length === 0) {
      if (ids.length >= enough || Date.now() > deadline) return { ids, at };
      await new Promise((resolve) => setTimeout(resolve, 20));
      continue;
    }
    ids.push(...page.map((event) => event.id));
    at = page.at(-1)?.position;
  }
};

forEachBackend(
  (backend) => {
    test.serial(`${backend.label}: an event committed late by a slow transaction is read after it commits, never skipped`, async (t) => {
      const db = backend.persistence();
      await ensureOrganization(db, ORG);
      const parseDate = (value: string) => db.orm.em.getPlatform().parseDate(value);
      const slowSql = runnerFor(backend);
      const quickSql = runnerFor(backend);
      t.teardown(async () => {
        await slowSql.close();
        await quickSql.close();
      });
      const slowLog = new SqlEventLog(slowSql, parseDate);
      const quickLog = new SqlEventLog(quickSql, parseDate);
      const before = await readFrom(db.eventLog, undefined);

      // The quick transaction takes its id first; the slow one then inserts first (the smaller
      // position) and stays open while the quick one inserts (a larger position) and commits.
      const quickStarted = gate();
      const quickMayInsert = gate();
      const slowInserted = gate();
      const slowMayCommit = gate();
      const late = anEvent();
      const early = anEvent();
      const quick = quickSql.transaction(async () => {
        await quickSql.rows(TAKE_XID, []);
        quickStarted.open();
        await quickMayInsert.opened;
        await quickLog.append(early);
      });
      await quickStarted.opened;
      const slow = holdOpen(slowSql, () => slowLog.append(late), slowInserted.open, slowMayCommit.opened);
      await slowInserted.opened;
      quickMayInsert.open();
      await quick;

      const whileOpen = await readFrom(db.eventLog, before.at, 1);
      slowMayCommit.open();
      await slow;
      const afterCommit = await readFrom(db.eventLog, whileOpen.at, 1);

      t.deepEqual(
        [...whileOpen.ids, ...afterCommit.ids],
        [early.id, late.id],
        'each event read exactly once, the late one after its commit',
      );
      t.deepEqual(whileOpen.ids, [early.id], 'the quick transaction is older than the open one: its event is served at once');
    });

    test.serial(`${backend.label}: while an older transaction is open, newer events wait for it`, async (t) => {
      ORG = ORGS[1];
      const db = backend.persistence();
      await ensureOrganization(db, ORG);
      const parseDate = (value: string) => db.orm.em.getPlatform().parseDate(value);
      const slowSql = runnerFor(backend);
      t.teardown(() => slowSql.close());
      const slowLog = new SqlEventLog(slowSql, parseDate);
      const start = await readFrom(db.eventLog, undefined);
      const inserted = gate();
      const mayCommit = gate();
      const slowEvent = anEvent();
      const slow = holdOpen(slowSql, () => slowLog.append(slowEvent), inserted.open, mayCommit.opened);
      await inserted.opened;
      const newer = anEvent();
      await db.eventLog.append(newer);
      const whileOpen = await readFrom(db.eventLog, start.at);
      t.deepEqual(whileOpen.ids, [], 'nothing past the open transaction is served yet');
      mayCommit.open();
      await slow;
      t.deepEqual((await readFrom(db.eventLog, whileOpen.at, 2)).ids, [slowEvent.id, newer.id]);
    });
    test.serial(`${backend.label}: positions are ordered as numbers, not as text (…, 99, 100, …)`, async (t) => {
      ORG = ORGS[2];
      const db = backend.persistence();
      await ensureOrganization(db, ORG);
      const start = await readFrom(db.eventLog, undefined);
      // Move the sequence forward (never back) to just below the next power of ten, so the next
      // two events of one transaction take positions such as 99 and 100, which sort the other way as text.
      const [row] = await db.sql.rows<{ next: string }>(NEXT_POSITION, []);
      const next = BigInt(row?.next ?? '1');
      await db.sql.run(SET_POSITION, [(10n ** BigInt(next.toString().length + 1) - 2n).toString()]);
      const lower = anEvent();
      const higher = anEvent();
      await db.sql.transaction(async () => {
        await db.eventLog.append(lower);
        await db.eventLog.append(higher);
      });
      t.deepEqual((await readFrom(db.eventLog, start.at, 2)).ids, [lower.id, higher.id]);
    });
  },
  { pglite: false },
);
