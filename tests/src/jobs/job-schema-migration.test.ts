import test from 'ava';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { ENTRY_POINTS } from '../e2e/environment/repo-paths.js';
import { runExpectingFailure } from '../support/entry-point-failure.js';
import { serviceDatabases } from '../persistence/support/backends.js';

const NOT_INSTALLED =
  'Cannot start: the job queue schema (pgboss) is not installed: run `npm run db:migrate` (or start with MIGRATE_ON_START=true)\n';

for (const database of serviceDatabases('PostgreSQL: the job schema is installed by migration only (TEST_DATABASE_URL is unset)')) {
  test.serial(
    `${database.label}: MIGRATE_ON_START=false on a database without the job schema refuses to start with one line; db:migrate installs it`,
    async (t) => {
      const dataDir = mkdtempSync(join(tmpdir(), 'idv-job-schema-'));
      t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
      const env = { PATH: process.env['PATH'] ?? '', PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...database.env() };
      const refused = await runExpectingFailure(ENTRY_POINTS.service, { ...env, MIGRATE_ON_START: 'false' });
      t.is(refused?.code, 1);
      t.is(refused?.stderr, NOT_INSTALLED);
      const migrated = await promisify(execFile)(process.execPath, [ENTRY_POINTS.migrate], { env });
      t.regex(migrated.stdout, /pgboss v\d+/);
      const again = await promisify(execFile)(process.execPath, [ENTRY_POINTS.migrate], { env });
      t.notRegex(again.stdout, /pgboss/, 'a current job schema is left alone');
    },
  );
}
