import { Migrator } from '@mikro-orm/migrations';
import type { Options } from '@mikro-orm/postgresql';
import { allEntities } from '../entities/all-entities.js';
import { migrationsList } from '../migrations/migrations-list.js';

/** The options every backend shares; `migrationsPath` matters only when generating a migration. */
export const sharedOrmOptions = (migrationsPath?: string) =>
  ({
    entities: allEntities,
    // Any identity-map use outside a RequestContext or transaction is a bug; make it throw.
    allowGlobalContext: false,
    extensions: [Migrator],
    debug: false,
    migrations: {
      migrationsList,
      path: migrationsPath,
      pathTs: migrationsPath,
      emit: 'ts',
      // kebab-case files (`20261122005804-initial.ts`); the class keeps MikroORM's `Migration<timestamp>_<name>`.
      fileName: (timestamp: string, name?: string) => (name === undefined ? timestamp : `${timestamp}-${name.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}`),
      snapshot: false,
      transactional: true,
      allOrNothing: true,
      // Without it the migrator prints coloured progress lines to stdout.
      silent: true,
    },
  }) satisfies Partial<Options>;
