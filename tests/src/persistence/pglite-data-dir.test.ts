import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPersistence } from '@idv/adapters-persistence';
import type { IdpUserId, UserId } from '@idv/core';
import { aProviderUser } from '@idv/core/testing';
import test from 'ava';
import * as O from 'fp-ts/lib/Option.js';

const root = join(tmpdir(), `idv-pglite-${randomUUID()}`);

test.after.always(async () => {
  await rm(root, { recursive: true, force: true });
});

test('a file-backed PGlite keeps a user across close and reopen (parent directories are created)', async (t) => {
  const dataDir = join(root, 'nested', 'data');
  const first = await createPersistence({ kind: 'pglite', dataDir });
  try {
    await first.migrate();
    await first.users.syncFromProvider(aProviderUser({ idpId: 'user_durable' }), '00000000-0000-4000-8000-00000000d00d' as UserId);
  } finally {
    await first.close();
  }
  const reopened = await createPersistence({ kind: 'pglite', dataDir });
  try {
    t.deepEqual(await reopened.migrate(), []);
    const user = O.toNullable(await reopened.users.findByIdpId('user_durable' as IdpUserId));
    t.is(user?.id as string | undefined, '00000000-0000-4000-8000-00000000d00d');
    t.is(user?.email as string | null | undefined, 'user_durable@example.com');
  } finally {
    await reopened.close();
  }
});
