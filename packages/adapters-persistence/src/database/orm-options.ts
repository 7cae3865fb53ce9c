import type { Options } from '@mikro-orm/postgresql';
import { allEntities } from '../entities/all-entities.js';

/**
 * The options every backend shares. The migrator is not among them: `@mikro-orm/migrations` (umzug
 * and its CLI tooling) costs ≈ 38 MB of resident memory, so it is loaded only when migrating
 * (`migrationOptions`; docs/performance.md).
 */
export const sharedOrmOptions = () =>
  ({
    entities: allEntities,
    // Any identity-map use outside a RequestContext or transaction is a bug; make it throw.
    allowGlobalContext: false,
    debug: false,
  }) satisfies Partial<Options>;

/** The migrator's settings, with every registered migration; `migrationsPath` matters only when generating one. */
export const migrationOptions = async (migrationsPath?: string) => {
  const { migrationsList } = await import('../migrations/migrations-list.js');
  return {
    migrationsList,
    path: migrationsPath,
    pathTs: migrationsPath,
    emit: 'ts',
    // kebab-case files (`20261122005804-initial.ts`); the class keeps MikroORM's `Migration<timestamp>_<name>`.
    fileName: (timestamp: string, name?: string) =>
      name === undefined ? timestamp : `${timestamp}-${name.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}`,
    snapshot: false,
    transactional: true,
    allOrNothing: true,
    // Without it the migrator prints coloured progress lines to stdout.
    silent: true,
  } satisfies Options['migrations'];
};
