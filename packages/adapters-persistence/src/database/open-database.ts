import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { MikroORM, type IMigrator } from '@mikro-orm/core';
import { PostgreSqlDriver, type AbstractSqlDriver, type SqlEntityManager } from '@mikro-orm/postgresql';
import { PGliteDriver } from 'mikro-orm-pglite';
import { guarded } from '../errors/translate-error.js';
import type { PoolStats } from '../sql/sql-runner.js';
import type { DatabaseConfig } from './database-config.js';
import { lockDataDir } from './data-dir-lock.js';
import { withMigrationLock } from './migration-lock.js';
import { openPglite } from './open-pglite.js';
import { migrationOptions, sharedOrmOptions } from './orm-options.js';

/** The ORM over either backend; its `em` is the global EntityManager. */
export type PersistenceOrm = MikroORM<AbstractSqlDriver, SqlEntityManager>;

/** An open database: the ORM plus the operations the service needs at start and shutdown. */
export interface Database {
  readonly orm: PersistenceOrm;
  /**
   * Applies pending migrations; returns the names applied (none when up to date). On PostgreSQL it
   * holds an advisory lock meanwhile, so replicas starting together apply each migration once.
   */
  migrate(): Promise<readonly string[]>;
  /** The migrator (loaded on first use), for tooling that generates or inspects migrations. */
  migrator(): Promise<IMigrator>;
  /** Runs `select 1`; rejects with a `PersistenceError` when the database is unreachable. */
  ping(): Promise<void>;
  /** The counts of MikroORM's connection pool (knex's), once it exists. */
  poolStats(): PoolStats | undefined;
  /** Closes the ORM, then the PGlite instance it borrowed, and gives its folder back. */
  close(): Promise<void>;
}

/** Optional wiring: where the driver's own warnings go, and (for tooling) the migrations folder. */
export interface OpenDatabaseOptions {
  /** Receives the pool's warnings (e.g. `Connection Error: …` after a dropped connection); default `console.warn`. */
  readonly onDriverWarning?: (message: string) => void;
  /** Only the migration generator needs it. */
  readonly migrationsPath?: string;
}

const openOrm = async (
  config: DatabaseConfig,
  options: OpenDatabaseOptions,
): Promise<{ orm: PersistenceOrm; pglite?: PGlite; unlock?: () => void }> => {
  const shared = sharedOrmOptions();
  if (config.kind === 'postgres') {
    const warn = options.onDriverWarning;
    const orm = await MikroORM.init({
      ...shared,
      driver: PostgreSqlDriver,
      clientUrl: config.url,
      // knex logs discarded (dropped) connections itself; route that to the caller's logger.
      driverOptions: warn === undefined ? {} : { log: { warn, error: warn } },
    });
    return { orm: orm as unknown as PersistenceOrm };
  }
  const dataDir = config.dataDir === undefined ? undefined : resolve(config.dataDir);
  if (dataDir !== undefined) mkdirSync(dirname(dataDir), { recursive: true });
  // One process per folder: PGlite does not refuse a second one, and two writers corrupt its files.
  const unlock = dataDir === undefined ? () => undefined : lockDataDir(dataDir);
  try {
    const pglite = await openPglite(dataDir);
    try {
      const orm = await MikroORM.init({
        ...shared,
        driver: PGliteDriver,
        dbName: 'postgres',
        // The ORM borrows this instance, so `close()` must close it after the ORM.
        driverOptions: { connection: { pglite: () => pglite } },
      });
      return { orm: orm as unknown as PersistenceOrm, pglite, unlock };
    } catch (error) {
      await pglite.close();
      throw error;
    }
  } catch (error) {
    unlock();
    throw error;
  }
};

// Loads the migrator on first use (never at start: see `sharedOrmOptions`) and registers it with this ORM.
const loadMigrator = async (orm: PersistenceOrm, migrationsPath: string | undefined): Promise<IMigrator> => {
  const [{ Migrator }, migrations] = await Promise.all([import('@mikro-orm/migrations'), migrationOptions(migrationsPath)]);
  orm.config.set('migrations', { ...orm.config.get('migrations'), ...migrations });
  Migrator.register(orm as unknown as MikroORM);
  return orm.getMigrator();
};

/**
 * Opens the database (without migrating).
 * @example
 * const db = await openDatabase({ kind: 'pglite', dataDir: '.data/idv' });
 * await db.migrate();
 */
export const openDatabase = async (config: DatabaseConfig, options: OpenDatabaseOptions = {}): Promise<Database> => {
  const { orm, pglite, unlock } = await openOrm(config, options);
  let closing: Promise<void> | undefined;
  return {
    orm,
    // Untranslated on purpose: migration SQL carries no user data, and the driver's text is the diagnosis.
    // On PostgreSQL several replicas may start together: they migrate one at a time under an advisory
    // lock (PGlite is one process's own database, its folder locked to it, so it needs none).
    migrator: () => loadMigrator(orm, options.migrationsPath),
    migrate: async () => {
      const migrator = await loadMigrator(orm, options.migrationsPath);
      const up = async () => (await migrator.up()).map((migration) => migration.name);
      return config.kind === 'postgres' ? withMigrationLock(config.url, up) : up();
    },
    ping: () =>
      guarded('database.ping', async () => {
        await orm.em.execute('select 1');
      }),
    poolStats: () => {
      const pool = orm.em.getConnection().getKnex().client.pool;
      if (pool === undefined || pool === null) return undefined;
      const used = pool.numUsed();
      const idle = pool.numFree();
      return { pool: 'orm', total: used + idle, idle, waiting: pool.numPendingAcquires() };
    },
    close() {
      closing ??= (async () => {
        await orm.close(true);
        await pglite?.close();
        unlock?.();
      })();
      return closing;
    },
  };
};
