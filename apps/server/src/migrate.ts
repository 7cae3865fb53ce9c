import * as E from 'fp-ts/lib/Either.js';
import { createPersistence } from '@idv/adapters-persistence';
import { loadConfig } from './config/load-config.js';

// `npm run db:migrate`: applies pending migrations to the configured database and exits.
const decoded = loadConfig(process.env);
if (E.isLeft(decoded)) {
  process.stderr.write(`Cannot migrate: invalid configuration\n${decoded.left.map((line) => `  ${line}`).join('\n')}\n`);
  process.exit(1);
}
const persistence = await createPersistence(decoded.right.database);
try {
  const applied = await persistence.migrate();
  const kind = decoded.right.database.kind;
  process.stdout.write(applied.length === 0 ? `no pending migrations (${kind})\n` : `applied ${applied.join(', ')} (${kind})\n`);
} finally {
  await persistence.close();
}
