import * as E from 'fp-ts/lib/Either.js';
import { loadConfig } from './config/load-config.js';
import { DatabaseUnavailableError } from './database-unavailable-error.js';
import { migrateDatabase, openDatabase } from './open-database.js';

// `npm run db:migrate`: applies pending migrations to the configured database and exits.
const decoded = loadConfig(process.env);
if (E.isLeft(decoded)) {
  process.stderr.write(`Cannot migrate: invalid configuration\n${decoded.left.map((line) => `  ${line}`).join('\n')}\n`);
  process.exit(1);
}
const database = decoded.right.database;
try {
  const persistence = await openDatabase(database);
  try {
    const applied = await migrateDatabase(persistence, database);
    process.stdout.write(
      applied.length === 0 ? `no pending migrations (${database.kind})\n` : `applied ${applied.join(', ')} (${database.kind})\n`,
    );
  } finally {
    await persistence.close();
  }
} catch (error) {
  if (!(error instanceof DatabaseUnavailableError)) throw error;
  process.stderr.write(`Cannot migrate: ${error.advice}\n`);
  process.exitCode = 1;
}
