import { createPersistence, migrationNames, MIGRATION_LOCK_KEY, type Persistence } from '@idv/adapters-persistence';
import test from 'ava';
import pg from 'pg';
import { reportPostgresNotRun, testDatabaseUrl } from './support/backends.js';
import { createScratchDatabase, runOnce } from './support/scratch-database.js';

// Replicas starting together migrate one at a time under a PostgreSQL advisory lock.
const url = testDatabaseUrl();

/** Polls `check` until it holds; the deadline only turns a hang into a failure, it synchronises nothing. */
const until = async (what: string, check: () => Promise<boolean>, deadlineMs = 30_000): Promise<void> => {
  const deadline = Date.now() + deadlineMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};

// pg_locks lists the whole cluster, where other test files migrate their own scratch databases at the
// same time (each under the same key: advisory locks are per database); only this database's count.
const IN_THIS_DATABASE = `locktype = 'advisory' and database = (select oid from pg_database where datname = current_database())`;

if (url === undefined) {
  reportPostgresNotRun();
} else {
  test('two replicas migrating one fresh database wait for the advisory lock, then apply each migration once', async (t) => {
    const scratch = await createScratchDatabase(url);
    const holder = new pg.Client({ connectionString: scratch.url });
    const replicas: Persistence[] = [];
    t.teardown(async () => {
      await holder.end().catch(() => undefined);
      for (const replica of replicas) await replica.close();
      await scratch.drop();
    });
    await holder.connect();
    // The test holds the lock first, so both replicas must be seen waiting before anything is applied.
    await holder.query('select pg_advisory_lock($1::bigint)', [MIGRATION_LOCK_KEY]);
    replicas.push(
      await createPersistence({ kind: 'postgres', url: scratch.url }),
      await createPersistence({ kind: 'postgres', url: scratch.url }),
    );
    const running = replicas.map((replica) => replica.migrate());
    const waiting = async () =>
      Number(
        (
          await runOnce(
            scratch.url,
            `select count(*) as n from pg_locks where ${IN_THIS_DATABASE} and not granted
               and ((classid::bigint << 32) | objid::bigint) = $1::bigint`,
            [MIGRATION_LOCK_KEY],
          )
        ).rows[0].n,
      );
    await until('both replicas wait for the migration lock', async () => (await waiting()) === 2);
    const table = await runOnce(scratch.url, `select to_regclass('public.mikro_orm_migrations') as t`);
    t.is(table.rows[0].t, null, 'nothing was migrated while another session held the lock');

    await holder.query('select pg_advisory_unlock($1::bigint)', [MIGRATION_LOCK_KEY]);
    const applied = await Promise.all(running);
    const names = await migrationNames();
    t.deepEqual(
      [...applied].sort((a, b) => b.length - a.length),
      [names, []],
      'one replica applied everything, the other nothing',
    );
    const rows = await runOnce(scratch.url, 'select name, count(*)::int as n from mikro_orm_migrations group by name order by name');
    t.deepEqual(
      rows.rows,
      names.map((name) => ({ name, n: 1 })),
    );
    t.is(await waiting(), 0);
    const held = await runOnce(scratch.url, `select count(*)::int as n from pg_locks where ${IN_THIS_DATABASE}`);
    t.is(held.rows[0].n, 0, 'the lock is released once migrated');
  });
}
