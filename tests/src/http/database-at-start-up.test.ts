import test from 'ava';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, DatabaseUnavailableError } from '@idv/server';
import { ENTRY_POINTS } from '../e2e/environment/repo-paths.js';
import { runExpectingFailure } from '../support/entry-point-failure.js';
import { reportPostgresNotRun } from '../persistence/support/backends.js';
import { createScratchDatabase, runOnce } from '../persistence/support/scratch-database.js';
import { LogCapture } from '../support/log-capture.js';

// A database that cannot be opened or migrated stops the server and its scripts with one line that
// names the step, the driver's reason and what to check, never the URL (which may hold a password).

// Nothing listens on port 1 of the loopback: the connection is refused at once.
const UNREACHABLE_POSTGRES = 'postgres://app:s3cret-password@127.0.0.1:1/app';

test("a database that cannot be opened stops start-up with the step and the driver's reason, never the URL", async (t) => {
  const env = { PORT: '0', IDP_EMULATOR_PORT: '0', PAYMENTS_EMULATOR_PORT: '0' };
  const refused = await t.throwsAsync(startServer({ ...env, DATABASE_URL: UNREACHABLE_POSTGRES }, { logDestination: new LogCapture() }), {
    instanceOf: DatabaseUnavailableError,
  });
  t.like(refused, {
    kind: 'postgres',
    step: 'open',
    message: 'the PostgreSQL database could not be opened (connect ECONNREFUSED 127.0.0.1:1)',
  });
  t.false(refused?.message.includes('s3cret'));
  const folder = mkdtempSync(join(tmpdir(), 'idv-data-dir-'));
  t.teardown(() => rmSync(folder, { recursive: true, force: true }));
  writeFileSync(join(folder, 'a-file'), '');
  const embedded = await t.throwsAsync(startServer({ ...env, DATA_DIR: join(folder, 'a-file') }, { logDestination: new LogCapture() }), {
    instanceOf: DatabaseUnavailableError,
  });
  t.like(embedded, { kind: 'pglite', step: 'open' });
  t.regex(embedded?.message ?? '', /^the embedded database could not be opened \(E[A-Z]+: /);
});

const POSTGRES_URL = process.env['TEST_DATABASE_URL'];
if (POSTGRES_URL === undefined) {
  reportPostgresNotRun('a migration that fails at start-up did not run: TEST_DATABASE_URL is not set');
} else {
  test("a migration that fails stops start-up as the migrate step, with the database's reason", async (t) => {
    const scratch = await createScratchDatabase(POSTGRES_URL);
    t.teardown(() => scratch.drop());
    // A table of the same name, made by someone else, is in the first migration's way.
    await runOnce(scratch.url, 'create table "users" ("id" integer primary key)');
    const env = { PORT: '0', IDP_EMULATOR_PORT: '0', PAYMENTS_EMULATOR_PORT: '0', DATABASE_URL: scratch.url };
    const failed = await t.throwsAsync(startServer(env, { logDestination: new LogCapture() }), { instanceOf: DatabaseUnavailableError });
    t.like(failed, { kind: 'postgres', step: 'migrate' });
    t.regex(failed?.message ?? '', /^the PostgreSQL database could not be migrated \(.*"users" already exists/);
    t.is(failed?.hint, 'Fix what the database refused, then start again (npm run db:migrate applies the migrations alone).');
  });
}

test('the server process with an unreachable DATABASE_URL exits 1 printing one line that says what to check', async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'idv-unreachable-'));
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
  const env = {
    PATH: process.env['PATH'] ?? '',
    PORT: '0',
    DATA_DIR: dataDir,
    IDP_EMULATOR_PORT: '0',
    PAYMENTS_EMULATOR_PORT: '0',
    DATABASE_URL: UNREACHABLE_POSTGRES,
  };
  const failure = await runExpectingFailure(ENTRY_POINTS.service, env);
  t.is(failure?.code, 1);
  t.is(
    failure?.stderr,
    'Cannot start: the PostgreSQL database could not be opened (connect ECONNREFUSED 127.0.0.1:1). Check DATABASE_URL and that the server accepts connections.\n',
  );
  t.false(`${failure?.stdout}${failure?.stderr}`.includes('s3cret'));
});

test('npm run db:migrate and npm run sync:users say the same in one line, and exit 1', async (t) => {
  const env = {
    PATH: process.env['PATH'] ?? '',
    DATABASE_URL: UNREACHABLE_POSTGRES,
    // sync:users needs a provider before it opens the database; it is never called.
    IDP_API_URL: 'http://127.0.0.1:1',
    IDP_SECRET_KEY: 'sk_test_unused',
    IDP_PUBLISHABLE_KEY: 'pk_test_Y2xlcmsuZXhhbXBsZS5jb20k',
    IDP_WEBHOOK_SECRET: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  };
  const line =
    'the PostgreSQL database could not be opened (connect ECONNREFUSED 127.0.0.1:1). Check DATABASE_URL and that the server accepts connections.';
  for (const [script, verb] of [
    [ENTRY_POINTS.migrate, 'migrate'],
    [ENTRY_POINTS.syncUsers, 'sync'],
  ] as const) {
    const failure = await runExpectingFailure(script, env);
    t.is(failure?.code, 1, verb);
    t.is(failure?.stderr, `Cannot ${verb}: ${line}\n`);
    t.false(`${failure?.stdout}${failure?.stderr}`.includes('s3cret'));
  }
});

test('a second server on the same DATA_DIR stops with one line naming the process that holds the embedded database', async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'idv-shared-data-dir-'));
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
  const ports = { PORT: '0', IDP_EMULATOR_PORT: '0', PAYMENTS_EMULATOR_PORT: '0' };
  const first = await startServer({ ...ports, DATA_DIR: dataDir }, { logDestination: new LogCapture() });
  t.teardown(() => first.close());
  const env = { PATH: process.env['PATH'] ?? '', ...ports, DATA_DIR: dataDir };
  const failure = await runExpectingFailure(ENTRY_POINTS.service, env);
  t.is(failure?.code, 1);
  const database = join(dataDir, 'pglite');
  t.is(
    failure?.stderr,
    `Cannot start: the embedded database could not be opened (${database} is in use by process ${process.pid}, whose lock is ${database}.lock). ` +
      'Stop that process first, or give this one another DATA_DIR; if no such process runs, delete the lock.\n',
  );
  t.is((await fetch(`${first.url}/health`)).status, 200);
});
