import { PersistenceError, SqlUnitOfWork, statement, type SqlRunner } from '@idv/adapters-persistence';
import test from 'ava';
import * as E from 'fp-ts/lib/Either.js';
import { forEachBackend, runnerFor } from './support/backends.js';

/** A runner whose every commit fails as a serialization failure does, after running the work. */
const alwaysConflicting = (attempts: { count: number }): SqlRunner => ({
  rows: async () => [],
  run: async () => 0,
  executeSql: async () => ({ rows: [] }),
  transaction: async (work) => {
    attempts.count += 1;
    await work();
    throw new PersistenceError('transaction.commit', 'serialization_failure', '40001', undefined);
  },
  inTransaction: () => false,
  close: async () => undefined,
  poolStats: () => undefined,
});

test('a unit of work aborted for a conflict twice runs twice, then answers its onConflict Left', async (t) => {
  const attempts = { count: 0 };
  const result = await new SqlUnitOfWork(alwaysConflicting(attempts)).run(async () => E.right('written'), {
    onConflict: () => 'changed concurrently',
  });
  t.deepEqual(result, E.left('changed concurrently'));
  t.is(attempts.count, 2);
});

test('without onConflict, a unit of work aborted for a conflict twice rejects with the translated error', async (t) => {
  const attempts = { count: 0 };
  const error = await t.throwsAsync(new SqlUnitOfWork(alwaysConflicting(attempts)).run(async () => E.right('written')));
  t.true(error instanceof PersistenceError && error.failure === 'serialization_failure');
  t.is(attempts.count, 2);
});

test('a unit of work inside another never retries on its own: the outermost one does', async (t) => {
  const attempts = { count: 0 };
  const nested = { ...alwaysConflicting(attempts), inTransaction: () => true };
  await t.throwsAsync(new SqlUnitOfWork(nested).run(async () => E.right('written'), { onConflict: () => 'changed concurrently' }));
  t.is(attempts.count, 1);
});

const CREATE_PROBE = 'create table if not exists "deadlock_probe" ("id" int primary key, "n" int not null)';
const BUMP = statement('deadlock_probe_bump', 'update "deadlock_probe" set "n" = "n" + 1 where "id" = ?');
// The victim detects the deadlock first: its check runs after 50 ms, the other side's after the default second.
const DETECT_FIRST = statement('deadlock_probe_detect_first', `select set_config('deadlock_timeout', '50ms', true)`);
const WAITERS = `select count(*) as "count" from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`;

forEachBackend(
  (backend) => {
    const db = () => backend.persistence();

    /** Resolves once some backend of this database waits for a lock (polls the server; no timers). */
    const someoneWaits = async (): Promise<void> => {
      for (let polls = 0; polls < 5_000; polls += 1) {
        const [row] = await db().orm.em.execute<{ count: string | number }[]>(WAITERS);
        if (Number(row?.count) > 0) return;
      }
      throw new Error('no transaction ever waited for a lock');
    };

    /**
     * A unit of work bumping rows `a` then `b`, whose first `deadlocks` attempts each meet a
     * transaction of another runner that holds `b` and then asks for `a`: a real deadlock.
     */
    const deadlocking = async (a: number, b: number, deadlocks: number) => {
      await db().orm.em.execute(CREATE_PROBE);
      await db().orm.em.execute('insert into "deadlock_probe" ("id", "n") values (?, 0), (?, 0)', [a, b]);
      const other = runnerFor(backend);
      const adversaries: Promise<unknown>[] = [];
      let attempts = 0;
      const result = await db().unitOfWork.run(
        async () => {
          attempts += 1;
          await db().sql.rows(DETECT_FIRST, []);
          await db().sql.run(BUMP, [a]);
          if (attempts <= deadlocks) {
            let tookB!: () => void;
            const holdsB = new Promise<void>((resolve) => (tookB = resolve));
            adversaries.push(
              other.transaction(async () => {
                await other.run(BUMP, [b]);
                tookB();
                await someoneWaits();
                await other.run(BUMP, [a]);
              }),
            );
            await holdsB;
          }
          await db().sql.run(BUMP, [b]);
          return E.right(attempts);
        },
        { onConflict: () => 'changed concurrently' as const },
      );
      await Promise.all(adversaries);
      await other.close();
      const rows = await db().orm.em.execute<{ id: number; n: number }[]>(
        'select "id", "n" from "deadlock_probe" where "id" in (?, ?) order by "id"',
        [a, b],
      );
      return { result, attempts, counts: rows.map((row) => Number(row.n)) };
    };

    // Serial: a case counts every lock waiter of the database.
    test.serial(`${backend.label}: a unit of work PostgreSQL aborts to break a real deadlock runs once more and commits`, async (t) => {
      const { result, attempts, counts } = await deadlocking(1, 2, 1);
      t.deepEqual(result, E.right(2));
      t.is(attempts, 2);
      t.deepEqual(counts, [2, 2], 'the other transaction and the retry both committed');
    });

    test.serial(
      `${backend.label}: a unit of work caught in a real deadlock on both attempts answers its onConflict Left, never a defect`,
      async (t) => {
        const { result, attempts, counts } = await deadlocking(3, 4, 2);
        t.deepEqual(result, E.left('changed concurrently'));
        t.is(attempts, 2);
        t.deepEqual(counts, [2, 2], 'only the two other transactions committed');
      },
    );
  },
  { pglite: false },
);
