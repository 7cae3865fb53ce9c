import pg from 'pg';

/**
 * The advisory lock key every replica takes before migrating: a fixed 64-bit number (the first
 * eight bytes of SHA-256("idv-membership:migrations")), so another application's advisory locks on
 * the same database never collide with it by accident.
 */
export const MIGRATION_LOCK_KEY = '6560289848342458733';

/**
 * Runs `migrate` while holding a session-level `pg_advisory_lock` on its own connection, so that
 * replicas starting together migrate one after the other: the first applies the pending
 * migrations, the others wait, then find nothing left to apply. The lock goes with the connection,
 * so a replica that dies mid-migration releases it (and its migration transaction rolls back).
 *
 * @example
 * const applied = await withMigrationLock(url, () => orm.getMigrator().up());
 */
export const withMigrationLock = async <T>(url: string, migrate: () => Promise<T>): Promise<T> => {
  const client = new pg.Client({ connectionString: url, application_name: 'idv-migrations' });
  // An error on this idle connection (a restarted server) must not crash the process; the query rejects instead.
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1::bigint)', [MIGRATION_LOCK_KEY]);
    try {
      return await migrate();
    } finally {
      // Ending the session below releases the lock too, so a failed unlock is not a failed migration.
      await client.query('select pg_advisory_unlock($1::bigint)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    }
  } finally {
    await client.end();
  }
};
