import { randomUUID } from 'node:crypto';
import { createSqlRunner, statement } from '@idv/adapters-persistence';
import type { UserId } from '@idv/core';
import { aProviderUser } from '@idv/core/testing';
import test from 'ava';
import { forEachBackend } from './support/backends.js';

// Issue #7: MikroORM interpolates values into the text, so PostgreSQL parsed every hot query anew.
// A named statement registers itself before it runs, so it can see its own name.
const OWN_NAME = statement('probe_prepared_statement', 'select "name" from pg_prepared_statements where "name" = ?');

forEachBackend((backend) => {
  test(`${backend.label}: outside a transaction a hot statement runs as a named prepared statement`, async (t) => {
    const sql = createSqlRunner(backend.persistence().orm.em, { kind: 'postgres', url: backend.scratch()!.url });
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
}, { pglite: false });
