import { createPersistence, createSqlRunner, type Persistence, type SqlRunner, type SqlRunnerOptions } from '@idv/adapters-persistence';
import test from 'ava';
import { createScratchDatabase, type ScratchDatabase } from './scratch-database.js';

/** The title of the one skipped test a file registers when PostgreSQL is not configured. */
export const POSTGRES_NOT_RUN = 'PostgreSQL subject not run: TEST_DATABASE_URL is unset';

/**
 * Reports a file's PostgreSQL cases as not run: one skipped test (never a passing placeholder that
 * inflates the count); `scripts/run-tests.mjs` prints one line saying so.
 */
export const reportPostgresNotRun = (title = POSTGRES_NOT_RUN): void => {
  test.skip(title, (t) => t.fail('not run'));
};

/** One database the file's cases run against, opened once per file in `test.before`. */
export interface Backend {
  readonly label: 'PGlite' | 'PostgreSQL';
  persistence(): Persistence;
  /** The scratch database, on PostgreSQL only. */
  scratch(): ScratchDatabase | undefined;
}

/** A runner of the test's own on the backend's database, beside `persistence().sql` (the caller closes it). */
export const runnerFor = (backend: Backend, options?: SqlRunnerOptions): SqlRunner => {
  const scratch = backend.scratch();
  return createSqlRunner(
    backend.persistence().orm.em,
    scratch === undefined ? { kind: 'pglite' } : { kind: 'postgres', url: scratch.url },
    options,
  );
};

/** The PostgreSQL server to test against, when configured. */
export const testDatabaseUrl = (): string | undefined => {
  const url = process.env['TEST_DATABASE_URL'];
  return url === undefined || url.trim() === '' ? undefined : url;
};

const opened = <T>(value: T | undefined, what: string): T => {
  if (value === undefined) throw new Error(`${what} was not opened (see the before hook's failure)`);
  return value;
};

const registerPglite = (register: (backend: Backend) => void, migrate: boolean): void => {
  let persistence: Persistence | undefined;
  // One PGlite per test file: each instance costs about 250 MB.
  test.before(async () => {
    persistence = await createPersistence({ kind: 'pglite' });
    if (migrate) await persistence.migrate();
  });
  test.after.always(async () => {
    await persistence?.close();
  });
  register({ label: 'PGlite', persistence: () => opened(persistence, 'PGlite'), scratch: () => undefined });
};

const registerPostgres = (register: (backend: Backend) => void, migrate: boolean, url: string): void => {
  let scratch: ScratchDatabase | undefined;
  let persistence: Persistence | undefined;
  test.before(async () => {
    scratch = await createScratchDatabase(url);
    persistence = await createPersistence({ kind: 'postgres', url: scratch.url });
    if (migrate) await persistence.migrate();
  });
  test.after.always(async () => {
    await persistence?.close();
    await scratch?.drop();
  });
  register({ label: 'PostgreSQL', persistence: () => opened(persistence, 'PostgreSQL'), scratch: () => scratch });
};

/**
 * Registers the file's cases once per database: PGlite in memory always, PostgreSQL (a fresh
 * scratch database) when TEST_DATABASE_URL is set, otherwise one skipped test saying it was not run.
 */
export const forEachBackend = (register: (backend: Backend) => void, options: { migrate?: boolean; pglite?: boolean } = {}): void => {
  const migrate = options.migrate ?? true;
  if (options.pglite ?? true) registerPglite(register, migrate);
  const url = testDatabaseUrl();
  if (url === undefined) {
    reportPostgresNotRun();
    return;
  }
  registerPostgres(register, migrate, url);
};

/** A database a service under test runs on: the embedded PGlite, or the file's scratch PostgreSQL database. */
export interface ServiceDatabase {
  readonly label: 'PGlite' | 'PostgreSQL';
  /** The service's environment for this database: `DATABASE_URL` of the scratch database on PostgreSQL, nothing on PGlite. */
  env(): Record<string, string>;
}

/**
 * The databases a file's service-level cases run on: PGlite always, and PostgreSQL (one scratch
 * database for the file, created before its cases and dropped after them) when TEST_DATABASE_URL is
 * set; otherwise the PostgreSQL cases are reported as not run under `notRun`.
 */
export const serviceDatabases = (notRun: string): readonly ServiceDatabase[] => {
  const pglite: ServiceDatabase = { label: 'PGlite', env: () => ({}) };
  const url = testDatabaseUrl();
  if (url === undefined) {
    reportPostgresNotRun(notRun);
    return [pglite];
  }
  let scratch: ScratchDatabase | undefined;
  test.before(async () => {
    scratch = await createScratchDatabase(url);
  });
  test.after.always(async () => {
    await scratch?.drop();
  });
  return [pglite, { label: 'PostgreSQL', env: () => ({ DATABASE_URL: opened(scratch, 'PostgreSQL').url }) }];
};
