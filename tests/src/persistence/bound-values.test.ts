import { statement } from '@idv/adapters-persistence';
import type { IdpUserId, UserId } from '@idv/core';
import { aProviderUser } from '@idv/core/testing';
import test from 'ava';
import * as O from 'fp-ts/lib/Option.js';
import { randomUUID } from 'node:crypto';
import { forEachBackend, runnerFor } from './support/backends.js';

// A value is data, never SQL: PGlite's dialect took any query text holding a `;` for several
// statements and answered with an array of result sets, so a user whose image URL held a `;` came
// back as `[row]` and the webhook answered 500 (found by the webhook fuzzer, seed 1039985898).
const PUNCTUATION = ['https://img.e;ample.com/a.png', 'a;b;c', "o'brien; drop table users; --", 'what? $1 ?? $$', '; ;'];

const ECHO = statement('probe_echo_value', 'select ?::text as "value"');
const ECHO_TWO = statement('probe_echo_two_values', 'select ?::text as "first", ?::text as "second"');
const TOUCH = statement('probe_touch_users', 'update "users" set "image_url" = ? where "idp_id" = ?');

forEachBackend((backend) => {
  test(`${backend.label}: values holding ';', quotes, '?' and '$1' come back as one row, verbatim`, async (t) => {
    const sql = runnerFor(backend);
    t.teardown(() => sql.close());
    for (const value of PUNCTUATION) t.deepEqual(await sql.rows(ECHO, [value]), [{ value }]);
    t.deepEqual(await sql.rows(ECHO_TWO, ['x;y', "';"]), [{ first: 'x;y', second: "';" }]);
  });

  test(`${backend.label}: inside a transaction too; an update holding a ';' counts the rows it wrote`, async (t) => {
    const db = backend.persistence();
    const sql = runnerFor(backend);
    t.teardown(() => sql.close());
    const idpId = 'user_boundvalues' as IdpUserId;
    await db.users.syncFromProvider(aProviderUser({ idpId }), randomUUID() as UserId);
    await sql.transaction(async () => {
      for (const value of PUNCTUATION) t.deepEqual(await sql.rows(ECHO, [value]), [{ value }]);
      t.is(await sql.run(TOUCH, ['https://in.transaction;x', idpId]), 1);
    });
    t.is(O.toNullable(await db.users.findByIdpId(idpId))?.imageUrl, 'https://in.transaction;x');
    t.is(await sql.run(TOUCH, ['https://outside;y', idpId]), 1);
    t.is(await sql.run(TOUCH, ['https://outside;y', 'user_nobody;']), 0);
    t.is(O.toNullable(await db.users.findByIdpId(idpId))?.imageUrl, 'https://outside;y');
  });
});
