import { randomUUID } from 'node:crypto';
import { createPersistence, PersistenceError, type Persistence } from '@idv/adapters-persistence';
import type { IdpUserId, UserId } from '@idv/core';
import { aProviderUser } from '@idv/core/testing';
import test, { type ExecutionContext } from 'ava';
import * as E from 'fp-ts/lib/Either.js';
import * as O from 'fp-ts/lib/Option.js';
import { reportPostgresNotRun, testDatabaseUrl } from './support/backends.js';
import { createScratchDatabase, type ScratchDatabase } from './support/scratch-database.js';

const url = testDatabaseUrl();
let scratch: ScratchDatabase | undefined;
let db: Persistence | undefined;
const driverWarnings: string[] = [];

const opened = (): { persistence: Persistence; database: ScratchDatabase } => {
  if (db === undefined || scratch === undefined) throw new Error('the scratch database was not opened');
  return { persistence: db, database: scratch };
};

const terminateBackends = async (database: ScratchDatabase): Promise<void> => {
  await database.admin('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [
    database.name,
  ]);
};

/** Settles a write; a rejection must be a translated error that does not leak the email. */
const settleWrite = async (t: ExecutionContext, persistence: Persistence, email: string): Promise<'written' | 'rejected'> => {
  try {
    await persistence.users.syncFromProvider(
      aProviderUser({ idpId: `user_lost${randomUUID().slice(0, 8)}`, email }),
      randomUUID() as UserId,
    );
    return 'written';
  } catch (error) {
    t.true(error instanceof PersistenceError, String(error));
    t.false(String((error as Error).message).includes(email), 'the message leaks the email');
    return 'rejected';
  }
};

if (url === undefined) {
  reportPostgresNotRun();
} else {
  test.before(async () => {
    scratch = await createScratchDatabase(url);
    db = await createPersistence({ kind: 'postgres', url: scratch.url }, { onDriverWarning: (message) => driverWarnings.push(message) });
    await db.migrate();
  });
  test.after.always(async () => {
    await scratch?.admin(`alter database "${scratch.name}" allow_connections true`);
    await db?.close();
    await scratch?.drop();
  });

  test.serial('terminated connections: a write rejects cleanly or succeeds on a new connection, without crashing', async (t) => {
    const { persistence, database } = opened();
    await persistence.ping();
    await terminateBackends(database);
    const outcome = await settleWrite(t, persistence, 'secret-terminated@example.com');
    t.log(`write after terminate: ${outcome}; driver warnings: ${driverWarnings.join(' | ')}`);
    t.pass();
  });

  test.serial(
    'a connection lost inside a unit of work rejects it cleanly, without crashing the process, and the next one commits',
    async (t) => {
      const { persistence, database } = opened();
      const idpId = 'user_losttransaction' as IdpUserId;
      const error = await t.throwsAsync(
        persistence.unitOfWork.run(async () => {
          await persistence.users.syncFromProvider(aProviderUser({ idpId }), randomUUID() as UserId);
          await terminateBackends(database);
          // The transaction's connection is gone: this statement cannot run on it.
          await persistence.users.findByIdpId(idpId);
          return E.right(undefined);
        }),
      );
      t.true(error instanceof PersistenceError, String(error));
      t.true(O.isNone(await persistence.users.findByIdpId(idpId)));
      const retried = await persistence.unitOfWork.run(async () =>
        E.right(await persistence.users.syncFromProvider(aProviderUser({ idpId }), randomUUID() as UserId)),
      );
      t.true(E.isRight(retried) && retried.right.created);
    },
  );

  test.serial(
    'an unreachable database: ping and writes reject with translated errors, and recover once it accepts connections',
    async (t) => {
      const { persistence, database } = opened();
      await database.admin(`alter database "${database.name}" allow_connections false`);
      await terminateBackends(database);
      const pingError = await t.throwsAsync(persistence.ping());
      t.true(pingError instanceof PersistenceError);
      t.log(`ping while unreachable: ${pingError?.message}`);
      t.is(await settleWrite(t, persistence, 'secret-unreachable@example.com'), 'rejected');

      await database.admin(`alter database "${database.name}" allow_connections true`);
      await persistence.ping();
      const idpId = 'user_recovered' as IdpUserId;
      const synced = await persistence.users.syncFromProvider(aProviderUser({ idpId }), randomUUID() as UserId);
      t.true(synced.created);
      t.true(O.isSome(await persistence.users.findByIdpId(idpId)));
    },
  );
}
