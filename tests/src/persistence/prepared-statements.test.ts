import { randomUUID } from 'node:crypto';
import { statement } from '@idv/adapters-persistence';
import type { UserId } from '@idv/core';
import { aProviderUser } from '@idv/core/testing';
import test from 'ava';
import { forEachBackend, runnerFor } from './support/backends.js';

// Speed (docs/performance.md): MikroORM interpolates values into the text, so PostgreSQL parsed every hot query anew,
// and PGlite's own `query` parses and describes every call again. A named statement registers itself
// before it runs, so it can see its own name.
const OWN_NAME = statement('probe_prepared_statement', 'select "name" from pg_prepared_statements where "name" = ?');

forEachBackend((backend) => {
  test(`${backend.label}: outside a transaction a hot statement runs as a named prepared statement`, async (t) => {
    const sql = runnerFor(backend);
    t.teardown(() => sql.close());
    t.deepEqual(await sql.rows(OWN_NAME, [OWN_NAME.name]), [{ name: OWN_NAME.name }]);
    // Prepared once per connection: running it again on a connection that has it is no error.
    for (let i = 0; i < 12; i += 1) t.is((await sql.rows(OWN_NAME, [OWN_NAME.name])).length, 1);
  });

  test(`${backend.label}: inside a transaction statements join the transaction's connection, see its writes, and still run prepared`, async (t) => {
    const db = backend.persistence();
    const idpId = 'user_preparedtrx';
    const seen = statement('probe_users_in_trx', 'select "idp_id" from "users" where "idp_id" = ?');
    await t.throwsAsync(
      db.sql.transaction(async () => {
        await db.users.syncFromProvider(aProviderUser({ idpId }), randomUUID() as UserId);
        t.deepEqual(await db.sql.rows(seen, [idpId]), [{ idp_id: idpId }]);
        t.deepEqual(await db.sql.rows(OWN_NAME, [OWN_NAME.name]), [{ name: OWN_NAME.name }]);
        throw new Error('roll back');
      }),
      { message: 'roll back' },
    );
    t.true((await db.users.findByIdpId(idpId as never))._tag === 'None');
  });

  test(`${backend.label}: values go in and come out by the types PostgreSQL describes; counts follow the command tag`, async (t) => {
    const sql = runnerFor(backend);
    t.teardown(() => sql.close());
    const echo = statement(
      'probe_typed_values',
      'select ?::timestamptz as "at", ?::jsonb as "document", ?::boolean as "flag", ?::int as "count", ?::text as "nothing", ?::uuid as "id"',
    );
    const at = new Date('2026-11-28T18:30:00.123Z');
    const id = randomUUID();
    const [row] = await sql.rows<Record<string, unknown>>(echo, [at, JSON.stringify({ a: [1, 'b'] }), true, 42, null, id]);
    t.deepEqual(row, { at, document: { a: [1, 'b'] }, flag: true, count: 42, nothing: null, id });
    const series = statement('probe_series_count', 'select n from generate_series(1, ?::int) as n');
    t.is(await sql.run(series, [3]), 3);
    t.deepEqual(await sql.rows(series, [2]), [{ n: 1 }, { n: 2 }]);
  });

  test(`${backend.label}: a statement that fails to prepare rejects each time with the database's error, and the runner goes on`, async (t) => {
    const sql = runnerFor(backend);
    t.teardown(() => sql.close());
    const broken = statement('probe_broken_statement', 'select "missing_column" from "users" where "idp_id" = ?');
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const error = await t.throwsAsync(sql.rows(broken, ['user_x']));
      t.is((error as Error & { code?: string }).code, '42703', 'undefined_column, not "prepared statement already exists"');
    }
    t.deepEqual(await sql.rows(OWN_NAME, [OWN_NAME.name]), [{ name: OWN_NAME.name }]);
  });

  test(`${backend.label}: statements a transaction's work runs side by side each get their own rows`, async (t) => {
    const sql = runnerFor(backend);
    t.teardown(() => sql.close());
    const echo = statement('probe_side_by_side', 'select ?::text as "value"');
    const values = Array.from({ length: 16 }, (_, index) => `value-${index}`);
    const inTransaction = await sql.transaction(() => Promise.all(values.map((value) => sql.rows(echo, [value]))));
    t.deepEqual(
      inTransaction,
      values.map((value) => [{ value }]),
    );
    const outside = await Promise.all(values.map((value) => sql.rows(echo, [value])));
    t.deepEqual(
      outside,
      values.map((value) => [{ value }]),
    );
  });
});
