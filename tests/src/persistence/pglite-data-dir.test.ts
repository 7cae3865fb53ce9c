import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createPersistence, DataDirInUseError } from '@idv/adapters-persistence';
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

test('a folder is one open database at a time: a second open is refused until the first closes', async (t) => {
  const dataDir = join(root, 'locked');
  const first = await createPersistence({ kind: 'pglite', dataDir });
  const refused = await t.throwsAsync(createPersistence({ kind: 'pglite', dataDir }), { instanceOf: DataDirInUseError });
  t.like(refused, { dataDir, ownerPid: process.pid, lockFile: `${dataDir}.lock` });
  t.is(readFileSync(`${dataDir}.lock`, 'utf8'), `${process.pid}\n`);
  await first.close();
  t.false(existsSync(`${dataDir}.lock`));
  const second = await createPersistence({ kind: 'pglite', dataDir });
  await second.close();
});

test('a folder locked by another running process is refused, naming that process', async (t) => {
  const dataDir = join(root, 'held-elsewhere');
  await mkdir(dirname(dataDir), { recursive: true });
  // ava's main process runs while this worker does: a live pid that is not ours.
  writeFileSync(`${dataDir}.lock`, `${process.ppid}\n`);
  const refused = await t.throwsAsync(createPersistence({ kind: 'pglite', dataDir }), { instanceOf: DataDirInUseError });
  t.is(refused?.ownerPid, process.ppid);
  t.is(readFileSync(`${dataDir}.lock`, 'utf8'), `${process.ppid}\n`);
});

test('a lock left by a process that is gone (killed, crashed) is taken over', async (t) => {
  const dataDir = join(root, 'stale');
  await mkdir(dirname(dataDir), { recursive: true });
  const gone = spawn(process.execPath, ['-e', '']);
  await once(gone, 'exit');
  writeFileSync(`${dataDir}.lock`, `${gone.pid}\n`);
  const persistence = await createPersistence({ kind: 'pglite', dataDir });
  t.is(readFileSync(`${dataDir}.lock`, 'utf8'), `${process.pid}\n`);
  await persistence.close();
  t.false(existsSync(`${dataDir}.lock`));
});
