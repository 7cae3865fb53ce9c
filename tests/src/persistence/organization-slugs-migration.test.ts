import { openDatabase, type Database } from '@idv/adapters-persistence';
import test from 'ava';
import { fixtureUuid } from '@idv/core/testing';
import { reportPostgresNotRun, testDatabaseUrl } from './support/backends.js';
import { createScratchDatabase } from './support/scratch-database.js';

// The migration that adds `organizations.slug` gives every existing row one, from its name.
const BEFORE_SLUGS = 'Migration20261204170400_organizations_ownerless';
const org = (n: number): string => fixtureUuid(0x5106, n);

const EXISTING: readonly (readonly [number, string, string | null])[] = [
  [1, 'Şişli Güç Salonu', null],
  [2, 'Iron Gym', null],
  [3, 'IRON GYM', null],
  [4, 'Admin', null],
  [5, '★', null],
  [6, 'Old Gym', '2026-01-02T00:00:00.000Z'],
];

const slugsAfterMigrating = async (db: Database): Promise<Map<string, string>> => {
  await (await db.migrator()).up({ to: BEFORE_SLUGS });
  for (const [n, name, deletedAt] of EXISTING) {
    await db.orm.em.execute(`insert into "organizations" ("id", "name", "created_at", "updated_at", "deleted_at") values (?, ?, ?, ?, ?)`, [
      org(n),
      name,
      new Date(Date.UTC(2026, 0, 1, 0, n)),
      new Date(Date.UTC(2026, 0, 1)),
      deletedAt,
    ]);
  }
  await db.migrate();
  const rows = await db.orm.em.execute<{ id: string; slug: string }[]>(`select "id", "slug" from "organizations"`);
  return new Map(rows.map((row) => [row.id, row.slug]));
};

const suffixOf = (n: number): string => org(n).replace(/-/g, '').slice(0, 8);

const expectSlugs = (label: string, open: () => Promise<{ db: Database; done: () => Promise<void> }>): void => {
  test.serial(
    `${label}: existing organizations get slugs from their names; duplicates, reserved and letterless names a suffix`,
    async (t) => {
      const { db, done } = await open();
      try {
        const slugs = await slugsAfterMigrating(db);
        t.is(slugs.get(org(1)), 'sisli-guc-salonu');
        t.is(slugs.get(org(2)), 'iron-gym', 'the older of two same-named organizations keeps the plain slug');
        t.is(slugs.get(org(3)), `iron-gym-${suffixOf(3)}`);
        t.is(slugs.get(org(4)), `admin-${suffixOf(4)}`, 'a reserved word takes a suffix');
        t.is(slugs.get(org(5)), 'organization');
        t.is(slugs.get(org(6)), 'old-gym', 'a deleted organization gets one too, and keeps it');
        await t.throwsAsync(
          db.orm.em.execute(`insert into "organizations" ("id", "name", "slug") values (?, ?, ?)`, [org(7), 'Old Gym', 'old-gym']),
          undefined,
          'the unique index covers deleted rows',
        );
      } finally {
        await done();
      }
    },
  );
};

expectSlugs('PGlite', async () => {
  const db = await openDatabase({ kind: 'pglite' });
  return { db, done: () => db.close() };
});

const url = testDatabaseUrl();
if (url === undefined) reportPostgresNotRun();
else
  expectSlugs('PostgreSQL', async () => {
    const scratch = await createScratchDatabase(url);
    const db = await openDatabase({ kind: 'postgres', url: scratch.url });
    return {
      db,
      done: async () => {
        await db.close();
        await scratch.drop();
      },
    };
  });
