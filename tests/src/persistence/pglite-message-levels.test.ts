import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPersistence, statement, type Persistence } from '@idv/adapters-persistence';
import type { UserId } from '@idv/core';
import { aProviderUser } from '@idv/core/testing';
import test from 'ava';

// Speed (docs/performance.md): PGlite starts its backend at debug message levels (client debug3, server log debug1), and
// formatting those messages took about half of every statement's time. The session runs at
// PostgreSQL's defaults, and stays there through migrations, statements and transactions.
const MESSAGE_LEVELS = statement(
  'probe_message_levels',
  `select current_setting('client_min_messages') as "client", current_setting('log_min_messages') as "log"`,
);
const POSTGRES_DEFAULTS = { client: 'notice', log: 'warning' };
const FAILING = statement('probe_failing_statement', 'select "missing_column" from "users" where "idp_id" = ?');

const exercised = async (persistence: Persistence): Promise<void> => {
  await persistence.migrate();
  await persistence.sql.transaction(async () => {
    await persistence.users.syncFromProvider(aProviderUser({ idpId: `user_${randomUUID().slice(0, 8)}` }), randomUUID() as UserId);
  });
};

test("an in-memory PGlite runs its session at PostgreSQL's message levels, not PGlite's debug ones, also after an error", async (t) => {
  const persistence = await createPersistence({ kind: 'pglite' });
  t.teardown(() => persistence.close());
  await exercised(persistence);
  // PGlite's command line also sets exit_on_error: the session must outlive a failed statement.
  await t.throwsAsync(persistence.sql.rows(FAILING, ['user_x']), { code: '42703' });
  t.deepEqual(await persistence.sql.rows(MESSAGE_LEVELS, []), [POSTGRES_DEFAULTS]);
});

test("a file-backed PGlite runs at PostgreSQL's message levels when first created and when reopened", async (t) => {
  const dataDir = join(tmpdir(), `idv-pglite-levels-${randomUUID()}`);
  t.teardown(() => rm(dataDir, { recursive: true, force: true }));
  for (const opening of ['created', 'reopened']) {
    const persistence = await createPersistence({ kind: 'pglite', dataDir });
    try {
      await exercised(persistence);
      t.deepEqual(await persistence.sql.rows(MESSAGE_LEVELS, []), [POSTGRES_DEFAULTS], opening);
    } finally {
      await persistence.close();
    }
  }
});
