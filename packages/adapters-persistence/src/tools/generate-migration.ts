/**
 * Generates the next migration from the entity schemas: migrates an in-memory PGlite with every
 * registered migration, diffs it against the entities and writes the difference to `src/migrations`.
 * Run: `npx tsc -b packages/adapters-persistence && node packages/adapters-persistence/dist/tools/generate-migration.js [name]`
 */
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../database/open-database.js';

// The name becomes part of the class name (`Migration<timestamp>_<name>`), so keep it an identifier.
const name = process.argv[2]?.replace(/[^A-Za-z0-9]+/g, '_');
const migrationsPath = fileURLToPath(new URL('../../src/migrations', import.meta.url));
const db = await openDatabase({ kind: 'pglite' }, { migrationsPath });
try {
  await db.migrate();
  const result = await (await db.migrator()).createMigration(migrationsPath, false, false, name);
  if (result.diff.up.length === 0) {
    console.log('The schema matches the migrations: nothing to generate.');
  } else {
    console.log(`Wrote src/migrations/${result.fileName}.`);
    console.log('Register its class in src/migrations/migrations-list.ts ({ name: <class name>, class: <class> }), then rebuild.');
  }
} finally {
  await db.close();
}
