import { statement } from '@idv/adapters-persistence';
import test from 'ava';
import { forEachBackend, runnerFor } from './support/backends.js';

// What the operators' metrics read from persistence — every statement's name and latency, and the
// pools' counts (MikroORM's everywhere, the prepared statements' own `pg` pool on PostgreSQL).
const PROBE = statement('probe_observed_query', 'select 1 as "one" where ? = ?');

forEachBackend((backend) => {
  test(`${backend.label}: every statement is reported by name with its duration, a failed one too`, async (t) => {
    const observed: { name: string; seconds: number }[] = [];
    const sql = runnerFor(backend, {
      onQuery: (name, seconds) => observed.push({ name, seconds }),
    });
    t.teardown(() => sql.close());
    t.deepEqual(await sql.rows(PROBE, [1, 1]), [{ one: 1 }]);
    await t.throwsAsync(sql.rows(statement('probe_broken_query', 'select from nowhere_at_all where ? = ?'), [1, 1]));
    t.deepEqual(
      observed.map((query) => query.name),
      ['probe_observed_query', 'probe_broken_query'],
    );
    t.true(observed.every((query) => query.seconds >= 0 && Number.isFinite(query.seconds)));
  });

  test(`${backend.label}: the pools' counts are readable at any moment`, async (t) => {
    const persistence = backend.persistence();
    await persistence.users.findByIdpId('user_poolprobe1' as never);
    const pools = persistence.poolStats();
    const orm = pools.find((pool) => pool.pool === 'orm');
    t.truthy(orm);
    t.true(orm!.total >= orm!.idle && orm!.waiting >= 0);
    const prepared = pools.find((pool) => pool.pool === 'prepared');
    if (backend.label === 'PGlite') t.is(prepared, undefined, 'PGlite has one in-process connection and no pool of its own');
    else t.true((prepared?.total ?? 0) >= 1 && prepared?.waiting === 0);
  });
});
