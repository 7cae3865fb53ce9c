import { randomUUID } from 'node:crypto';
import { createSqlRunner, PersistenceError, statement, type Persistence, type SqlRunner } from '@idv/adapters-persistence';
import type { IdpUserId, UserId } from '@idv/core';
import { aProviderUser } from '@idv/core/testing';
import test from 'ava';
import * as O from 'fp-ts/lib/Option.js';
import { forEachBackend } from './support/backends.js';

const TOUCH = statement('probe_escaped_touch', 'update "users" set "image_url" = ? where "idp_id" = ?');

/** A promise the test resolves when it chooses: the escaped task waits on it. */
const gate = (): { opened: Promise<void>; open: () => void } => {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
};

const seedUser = async (db: Persistence, idpId: string): Promise<IdpUserId> => {
  await db.users.syncFromProvider(aProviderUser({ idpId }), randomUUID() as UserId);
  return idpId as IdpUserId;
};

const imageOf = async (db: Persistence, idpId: IdpUserId): Promise<string | null | undefined> =>
  O.toNullable(await db.users.findByIdpId(idpId))?.imageUrl;

forEachBackend((backend) => {
  test(`${backend.label}: a task the work leaves running writes after the commit, outside the finished transaction`, async (t) => {
    const db = backend.persistence();
    const idpId = await seedUser(db, 'user_escapedtask');
    const later = gate();
    let escaped: Promise<number> | undefined;
    await db.sql.transaction(async () => {
      escaped = later.opened.then(() => db.sql.run(TOUCH, ['https://escaped.example/after-commit', idpId]));
    });
    later.open();
    t.is(await escaped, 1);
    t.is(await imageOf(db, idpId), 'https://escaped.example/after-commit');
  });

  if (backend.label !== 'PostgreSQL') return;

  test(`${backend.label}: such a task never joins the next transaction on the connection it came from`, async (t) => {
    const db = backend.persistence();
    // Two connections, nothing else on them: the second transaction gets the first one's connection back.
    const sql: SqlRunner = createSqlRunner(db.orm.em, { kind: 'postgres', url: backend.scratch()!.url }, { poolSize: 2 });
    t.teardown(() => sql.close());
    const idpId = await seedUser(db, 'user_escapednext');
    const later = gate();
    let escaped: Promise<number> | undefined;
    await sql.transaction(async () => {
      escaped = later.opened.then(() => sql.run(TOUCH, ['https://escaped.example/kept', idpId]));
    });
    await t.throwsAsync(
      sql.transaction(async () => {
        later.open();
        t.is(await escaped, 1);
        throw new Error('the second transaction rolls back');
      }),
      { message: 'the second transaction rolls back' },
    );
    t.is(await imageOf(db, idpId), 'https://escaped.example/kept');
  });

  test(`${backend.label}: a transaction that cannot begin rejects with a PersistenceError`, async (t) => {
    const db = backend.persistence();
    const sql = createSqlRunner(db.orm.em, { kind: 'postgres', url: backend.scratch()!.url });
    await sql.close();
    let ran = false;
    const error = await t.throwsAsync(
      sql.transaction(async () => {
        ran = true;
      }),
    );
    t.true(error instanceof PersistenceError, String(error));
    t.false(ran);
  });
});
