import test from 'ava';
import { reportPostgresNotRun, testDatabaseUrl } from '../persistence/support/backends.js';
import { createScratchDatabase } from '../persistence/support/scratch-database.js';
import { postgresBinaries, startScratchCluster } from '../support/scratch-postgres-cluster.js';
import { runSoak } from './run-soak.js';
import { pgliteUsers, postgresUsers } from './service-users.js';
import { soakProfile } from './soak-profile.js';

// The convergence soak, short profile by default; `npm run soak` runs the full one.
// One scenario at a time: each drives two processes and a database on a 2-core machine.
const profile = soakProfile();
const url = testDatabaseUrl();
const binaries = postgresBinaries();

test.serial('thousands of duplicated, reordered, concurrent deliveries beside API traffic converge on PGlite', async (t) => {
  t.timeout(profile.timeoutMs);
  await runSoak(t, { label: 'PGlite', serviceEnv: {}, readUsers: pgliteUsers }, profile);
});

if (url === undefined) {
  reportPostgresNotRun('convergence soak on PostgreSQL not run: TEST_DATABASE_URL is unset');
} else {
  test.serial('the same soak converges on PostgreSQL', async (t) => {
    t.timeout(profile.timeoutMs);
    const scratch = await createScratchDatabase(url);
    t.teardown(() => scratch.drop());
    await runSoak(
      t,
      { label: 'PostgreSQL', serviceEnv: { DATABASE_URL: scratch.url }, readUsers: () => postgresUsers(scratch.url) },
      profile,
    );
  });
}

// A private cluster: the machine's shared PostgreSQL is never stopped (other sessions use it).
if (binaries !== undefined) {
  test.serial('the soak converges with PostgreSQL crashed and restarted in the middle (500 only while it is away)', async (t) => {
    t.timeout(profile.timeoutMs);
    const cluster = await startScratchCluster(binaries);
    t.teardown(() => cluster.destroy());
    const outage = { stop: () => cluster.stop('immediate'), start: () => cluster.start() };
    await runSoak(
      t,
      {
        label: 'PostgreSQL restarted mid-run',
        serviceEnv: { DATABASE_URL: cluster.url },
        readUsers: () => postgresUsers(cluster.url),
        outage,
      },
      profile,
    );
  });
} else if (url !== undefined) {
  test.serial('the soak with PostgreSQL restarted in the middle needs the PostgreSQL programs', (t) => {
    t.fail('initdb, pg_ctl and postgres were not found under /usr/lib/postgresql/*/bin: the restart soak cannot run (install PostgreSQL)');
  });
} else {
  reportPostgresNotRun(
    'convergence soak with PostgreSQL restarted not run: no PostgreSQL programs under /usr/lib/postgresql and TEST_DATABASE_URL is unset',
  );
}
