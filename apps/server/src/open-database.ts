import { createPersistence, type CreatePersistenceOptions, type DatabaseConfig, type Persistence } from '@idv/adapters-persistence';
import { DatabaseUnavailableError } from './database-unavailable-error.js';

/**
 * Opens the configured database for the server and its scripts; a failure is a
 * `DatabaseUnavailableError` of the `open` step, for the one line each entry point prints.
 */
export const openDatabase = (config: DatabaseConfig, options?: CreatePersistenceOptions): Promise<Persistence> =>
  createPersistence(config, options).catch((error: unknown) => {
    throw new DatabaseUnavailableError(config.kind, 'open', error);
  });

/** Applies pending migrations (the names applied); a failure is a `DatabaseUnavailableError` of the `migrate` step. */
export const migrateDatabase = (persistence: Persistence, config: DatabaseConfig): Promise<readonly string[]> =>
  persistence.migrate().catch((error: unknown) => {
    throw new DatabaseUnavailableError(config.kind, 'migrate', error);
  });
