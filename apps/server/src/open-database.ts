import { createPersistence, type CreatePersistenceOptions, type DatabaseConfig, type Persistence } from '@idv/adapters-persistence';
import { installJobSchema, openJobBoss, type JobBoss, type JobSettings } from '@idv/adapters-jobs';
import type { Logger } from '@idv/core';
import { DatabaseUnavailableError } from './database-unavailable-error.js';

/**
 * Opens the configured database for the server and its scripts; a failure is a
 * `DatabaseUnavailableError` of the `open` step, for the one line each entry point prints.
 */
export const openDatabase = (config: DatabaseConfig, options?: CreatePersistenceOptions): Promise<Persistence> =>
  createPersistence(config, options).catch((error: unknown) => {
    throw new DatabaseUnavailableError(config.kind, 'open', error);
  });

/**
 * Applies pending migrations, then installs or upgrades the job queue's schema (`pgboss`, pg-boss's
 * own): the only paths that change the schema are this one's callers (`npm run db:migrate`, start-up
 * with `MIGRATE_ON_START=true`). Answers the names applied; a failure is a `DatabaseUnavailableError`
 * of the `migrate` step.
 */
export const migrateDatabase = async (persistence: Persistence, config: DatabaseConfig): Promise<readonly string[]> => {
  try {
    const applied = await persistence.migrate();
    const jobSchema = await installJobSchema(persistence);
    return jobSchema === undefined ? applied : [...applied, jobSchema];
  } catch (error) {
    throw new DatabaseUnavailableError(config.kind, 'migrate', error);
  }
};

/**
 * Starts the job queue (pg-boss) on the opened database without changing its schema: a schema not
 * installed or not current rejects with `JobSchemaNotReady`, whose message names `npm run db:migrate`.
 */
export const openJobs = (
  persistence: Persistence,
  settings: JobSettings,
  logger: Logger,
  options: { readonly maintain?: boolean } = {},
): Promise<JobBoss> => openJobBoss({ executor: persistence, settings, logger, ...options });
