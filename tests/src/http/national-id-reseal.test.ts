import anyTest, { type TestFn } from 'ava';
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import * as O from 'fp-ts/lib/Option.js';
import { CompactEncrypt } from 'jose';
import { createPersistence } from '@idv/adapters-persistence';
import type { IdpUserId, UserId } from '@idv/core';
import { ENTRY_POINTS } from '../e2e/environment/repo-paths.js';
import { organizationWithMembers, startEmulatedService, type EmulatedService } from '../support/emulated-service.js';

// Key rotation for national IDs finishes: `npm run national-ids:reseal` re-encrypts every row under
// the current key, bound to its user, after which the retired key may be dropped.
const test = anyTest as TestFn<{ dataDir: string; worlds: EmulatedService[] }>;
const run = promisify(execFile);

// Fixed, readable keys: 32 bytes each, spelled as `openssl rand -base64 32` would.
const OLD_KEY = Buffer.alloc(32, 7).toString('base64');
const NEW_KEY = Buffer.alloc(32, 9).toString('base64');
const IDS = { ada: 'TR-11111111110', bea: 'TR-22222222220', cem: 'TR-33333333330', eve: 'TR-55555555550' } as const;

/** A national ID as the vault sealed it before values were bound to their user: no `sub` in the header. */
const sealedUnbound = (plain: string, key: string): Promise<string> => {
  const raw = Buffer.from(key, 'base64');
  const kid = createHash('sha256').update(raw).digest('hex').slice(0, 16);
  return new CompactEncrypt(new TextEncoder().encode(plain))
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM', kid })
    .encrypt(new Uint8Array(raw));
};

test.beforeEach((t) => {
  t.context = { dataDir: mkdtempSync(join(tmpdir(), 'idv-reseal-')), worlds: [] };
});
test.afterEach.always(async (t) => {
  for (const world of t.context.worlds) await world.close();
  rmSync(t.context.dataDir, { recursive: true, force: true });
});

const resealCli = (dataDir: string, keys: { readonly current: string; readonly previous?: string }) =>
  run(process.execPath, [ENTRY_POINTS.resealNationalIds], {
    env: {
      PATH: process.env['PATH'] ?? '',
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NATIONAL_ID_ENCRYPTION_KEY: keys.current,
      ...(keys.previous === undefined ? {} : { NATIONAL_ID_DECRYPTION_KEYS: keys.previous }),
    },
  });

const failureOf = (promise: Promise<unknown>): Promise<{ code: number; stdout: string; stderr: string }> =>
  promise.then(
    () => {
      throw new Error('the script succeeded');
    },
    (error: { code: number; stdout: string; stderr: string }) => error,
  );

test('after a reseal the old key may be dropped: every national ID still reads; a second run changes nothing; a row copied to another user is never rebound and answers 409', async (t) => {
  // Two servers and four script processes, each opening the embedded database in turn.
  t.timeout(5 * 60_000);
  const { dataDir } = t.context;
  const before = await startEmulatedService({ DATA_DIR: dataDir, NATIONAL_ID_ENCRYPTION_KEY: OLD_KEY });
  t.context.worlds.push(before);
  const ownerId = await before.seedUser('reseal-owner@example.com');
  const people = {
    ada: await before.seedUser('ada@example.com'),
    bea: await before.seedUser('bea@example.com'),
    cem: await before.seedUser('cem@example.com'),
    dan: await before.seedUser('dan@example.com'),
    eve: await before.seedUser('eve@example.com'),
  };
  const { orgId, membershipIds } = await organizationWithMembers(
    before,
    ownerId,
    'Rotating Gym',
    Object.keys(people).map((name) => ({
      idpId: people[name as keyof typeof people],
      email: `${name}@example.com`,
      role: 'member' as const,
    })),
  );
  for (const name of ['ada', 'bea', 'cem'] as const)
    t.is((await before.as(people[name]).put('/users/me/national-id', { nationalId: IDS[name] })).status, 204);

  // The embedded database is one process's at a time: the reseal refuses while the service holds it.
  const refused = await failureOf(resealCli(dataDir, { current: NEW_KEY, previous: OLD_KEY }));
  const database = join(dataDir, 'pglite');
  t.is(refused.code, 1);
  t.is(
    refused.stderr,
    `Cannot reseal: the embedded database could not be opened (${database} is in use by process ${process.pid}, whose lock is ${database}.lock). ` +
      'Stop that process first, or give this one another DATA_DIR; if no such process runs, delete the lock.\n',
  );
  await before.close();
  t.context.worlds.length = 0;

  // Dan's row holds a copy of Ada's sealed value, as a careless restore or an attacker with the table
  // would leave it; Eve's was sealed before values were bound to their user.
  const persistence = await createPersistence({ kind: 'pglite', dataDir: database });
  try {
    const userIdOf = async (idpId: string) => O.toNullable(await persistence.users.findByIdpId(idpId as IdpUserId))!.id as UserId;
    const adaSealed = O.toNullable(await persistence.nationalIds.find(await userIdOf(people.ada)))!;
    await persistence.nationalIds.put(await userIdOf(people.dan), adaSealed, new Date());
    await persistence.nationalIds.put(await userIdOf(people.eve), await sealedUnbound(IDS.eve, OLD_KEY), new Date());
  } finally {
    await persistence.close();
  }

  const missingKey = await failureOf(resealCli(dataDir, { current: NEW_KEY }));
  t.is(missingKey.code, 1);
  t.regex(
    missingKey.stderr,
    /^Reseal failed: sealed national ID names an unknown key id [0-9a-f]{16}; is its key missing from NATIONAL_ID_DECRYPTION_KEYS\?\n$/m,
  );
  t.is(missingKey.stdout, '');

  const first = await resealCli(dataDir, { current: NEW_KEY, previous: OLD_KEY });
  t.is(first.stdout, "resealed 4, already current 0, not this user's 1\n");
  t.deepEqual(first.stderr.trim().split('\n'), ['national IDs looked at: 5'], 'plain progress lines when not on a terminal');
  const second = await resealCli(dataDir, { current: NEW_KEY, previous: OLD_KEY });
  t.is(second.stdout, "resealed 0, already current 4, not this user's 1\n");

  const after = await startEmulatedService({ DATA_DIR: dataDir, NATIONAL_ID_ENCRYPTION_KEY: NEW_KEY });
  t.context.worlds.push(after);
  const owner = after.as(ownerId);
  for (const name of ['ada', 'bea', 'cem', 'eve'] as const) {
    const record = await owner.get(`/organizations/${orgId}/members/${membershipIds.get(`${name}@example.com`)}/compliance`);
    t.is(record.status, 200, `${name}: ${JSON.stringify(record.body)}`);
    t.is(record.body.nationalId, IDS[name]);
  }
  const copied = await owner.get(`/organizations/${orgId}/members/${membershipIds.get('dan@example.com')}/compliance`);
  t.is(copied.status, 409);
  t.like(copied.body, { code: 'NationalIdMismatch' });
  t.false(JSON.stringify(copied.body).includes(IDS.ada));
});

test('the reseal refuses to run without NATIONAL_ID_ENCRYPTION_KEY (a generated key would seal every row under a key no server knows)', async (t) => {
  const refused = await failureOf(resealCli(t.context.dataDir, { current: '' }));
  t.is(refused.code, 1);
  t.is(
    refused.stderr,
    'Cannot reseal: NATIONAL_ID_ENCRYPTION_KEY is not set (give the key the service seals with, and the previous ones in NATIONAL_ID_DECRYPTION_KEYS).\n',
  );
});
