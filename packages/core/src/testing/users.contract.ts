import assert from 'node:assert/strict';
import * as O from 'fp-ts/lib/Option.js';
import type { Locale } from '../devices/locale.js';
import type { IdpUserId, UserId } from '../identity/identifiers.js';
import type { Users } from '../identity/ports/users.js';
import type { User } from '../identity/user.js';
import { aProviderUser } from './builders.js';
import { fixtureUuid } from './fixture-ids.js';

/** One case of a port's contract: run it against any implementation. */
export interface ContractCase<Subject> {
  readonly name: string;
  /** Runs the case against `subject`; rejects (an assertion error) when the subject breaks the contract. */
  run(subject: Subject): Promise<void>;
}

const uuid = (n: number): UserId => fixtureUuid(0, n) as UserId;
const T0 = 1_716_883_200_000;

/** The Users port's contract: every adapter (in memory, PGlite, PostgreSQL) must pass each case. */
export const usersContract: readonly ContractCase<Users>[] = [
  {
    name: 'an unknown provider id finds nothing',
    async run(users) {
      assert.ok(O.isNone(await users.findByIdpId('user_contractnobody' as IdpUserId)));
    },
  },
  {
    name: 'syncing a new provider user creates it once; a repeat finds the same row',
    async run(users) {
      const snapshot = aProviderUser({ idpId: 'user_contractcreate', updatedAt: T0 });
      const first = await users.syncFromProvider(snapshot, uuid(101));
      const second = await users.syncFromProvider(snapshot, uuid(102));
      assert.equal(first.created, true);
      assert.equal(second.created, false);
      assert.equal(second.user.id, uuid(101));
      assert.deepEqual(first.user, {
        id: uuid(101),
        idpId: snapshot.idpId,
        email: snapshot.email,
        emailVerified: true,
        imageUrl: snapshot.imageUrl,
        idpUpdatedAt: T0,
        deletedAt: null,
        locale: null,
      });
      assert.deepEqual(O.toNullable(await users.findByIdpId(snapshot.idpId)), first.user);
    },
  },
  {
    name: '50 concurrent syncs of one provider user leave one row and one creation',
    async run(users) {
      const snapshot = aProviderUser({ idpId: 'user_contractrace' });
      const results = await Promise.all(Array.from({ length: 50 }, (_, i) => users.syncFromProvider(snapshot, uuid(200 + i))));
      assert.equal(results.filter((r) => r.created).length, 1);
      assert.equal(new Set(results.map((r) => r.user.id)).size, 1);
    },
  },
  {
    name: 'a newer snapshot overwrites email and image; an older one is ignored',
    async run(users) {
      const idpId = 'user_contractorder';
      await users.syncFromProvider(aProviderUser({ idpId, updatedAt: T0 + 10 }), uuid(301));
      const older = await users.syncFromProvider(aProviderUser({ idpId, email: 'old@example.com', updatedAt: T0 + 5 }), uuid(302));
      assert.equal(older.user.email, `${idpId}@example.com`);
      const newer = await users.syncFromProvider(
        aProviderUser({ idpId, email: 'new@example.com', imageUrl: 'https://img.example.com/new.png', updatedAt: T0 + 20 }),
        uuid(303),
      );
      assert.equal(newer.user.email, 'new@example.com');
      assert.equal(newer.user.imageUrl, 'https://img.example.com/new.png');
      assert.equal(newer.user.idpUpdatedAt, T0 + 20);
      // The overwritten row keeps its id: the answer is the stored row, not the new id offered.
      assert.equal(newer.user.id, uuid(301));
      assert.deepEqual(O.toNullable(await users.findByIdpId(idpId as IdpUserId)), newer.user);
    },
  },
  {
    name: 'the primary email verification state is stored, overwritten by a newer snapshot only, and newlyVerified is true only when a write first stores the address verified',
    async run(users) {
      const idpId = 'user_contractverify';
      const unverified = await users.syncFromProvider(aProviderUser({ idpId, emailVerified: false, updatedAt: T0 }), uuid(351));
      assert.deepEqual([unverified.created, unverified.user.emailVerified, unverified.newlyVerified], [true, false, false]);
      const older = await users.syncFromProvider(aProviderUser({ idpId, emailVerified: true, updatedAt: T0 - 1 }), uuid(352));
      assert.deepEqual([older.user.emailVerified, older.newlyVerified], [false, false]);
      const verified = await users.syncFromProvider(aProviderUser({ idpId, emailVerified: true, updatedAt: T0 + 1 }), uuid(353));
      assert.deepEqual([verified.user.emailVerified, verified.newlyVerified], [true, true]);
      assert.equal(O.toNullable(await users.findByIdpId(idpId as IdpUserId))?.emailVerified, true);
      const again = await users.syncFromProvider(aProviderUser({ idpId, emailVerified: true, updatedAt: T0 + 2 }), uuid(354));
      assert.deepEqual([again.user.emailVerified, again.newlyVerified], [true, false]);
      const moved = await users.syncFromProvider(
        aProviderUser({ idpId, email: 'moved@example.com', emailVerified: true, updatedAt: T0 + 3 }),
        uuid(355),
      );
      assert.deepEqual([moved.user.email, moved.newlyVerified], ['moved@example.com', true]);
      const replayed = await users.syncFromProvider(
        aProviderUser({ idpId, email: 'moved@example.com', emailVerified: true, updatedAt: T0 + 3 }),
        uuid(356),
      );
      assert.equal(replayed.newlyVerified, false);
      const unverifiedAgain = await users.syncFromProvider(
        aProviderUser({ idpId, email: 'moved@example.com', emailVerified: false, updatedAt: T0 + 4 }),
        uuid(357),
      );
      assert.deepEqual([unverifiedAgain.user.emailVerified, unverifiedAgain.newlyVerified], [false, false]);
      const fresh = await users.syncFromProvider(
        aProviderUser({ idpId: 'user_contractverifyfresh', emailVerified: true, updatedAt: T0 }),
        uuid(358),
      );
      assert.deepEqual([fresh.created, fresh.newlyVerified], [true, true]);
    },
  },
  {
    name: 'deletedAt is written once',
    async run(users) {
      const idpId = 'user_contractdelete' as IdpUserId;
      await users.syncFromProvider(aProviderUser({ idpId }), uuid(401));
      const first = await users.markDeleted(idpId, new Date('2026-02-01T00:00:00.000Z'), uuid(402));
      const again = await users.markDeleted(idpId, new Date('2026-03-01T00:00:00.000Z'), uuid(403));
      assert.deepEqual(first.deletedAt, new Date('2026-02-01T00:00:00.000Z'));
      assert.deepEqual(again.deletedAt, new Date('2026-02-01T00:00:00.000Z'));
      assert.equal(again.id, uuid(401));
    },
  },
  {
    name: 'no snapshot resurrects or changes a deleted user',
    async run(users) {
      const idpId = 'user_contractzombie' as IdpUserId;
      await users.syncFromProvider(aProviderUser({ idpId, updatedAt: T0 }), uuid(501));
      await users.markDeleted(idpId, new Date('2026-02-01T00:00:00.000Z'), uuid(502));
      const late = await users.syncFromProvider(aProviderUser({ idpId, email: 'late@example.com', updatedAt: T0 + 99 }), uuid(503));
      assert.equal(late.created, false);
      assert.notEqual(late.user.deletedAt, null);
      assert.equal(late.user.email, `${idpId}@example.com`);
    },
  },
  {
    name: 'deleting an unknown user leaves a tombstone that a late creation does not revive',
    async run(users) {
      const idpId = 'user_contracttombstone' as IdpUserId;
      const tombstone = await users.markDeleted(idpId, new Date('2026-02-01T00:00:00.000Z'), uuid(601));
      assert.equal(tombstone.id, uuid(601));
      assert.equal(tombstone.email, null);
      const created = await users.syncFromProvider(aProviderUser({ idpId }), uuid(602));
      assert.equal(created.created, false);
      assert.deepEqual(created.user.deletedAt, new Date('2026-02-01T00:00:00.000Z'));
    },
  },
  {
    name: 'listing live users walks every live row once by provider-id keyset, and leaves deleted ones out',
    async run(users) {
      const mine = ['user_contractlistc', 'user_contractlista', 'user_contractlistd', 'user_contractlistb'] as IdpUserId[];
      for (const [i, idpId] of mine.entries()) await users.syncFromProvider(aProviderUser({ idpId }), uuid(701 + i));
      await users.markDeleted('user_contractlistd' as IdpUserId, new Date('2026-02-01T00:00:00.000Z'), uuid(710));
      // Other cases share the store: walk all of it in pages of two and look at this case's rows.
      const walked: User[] = [];
      for (let page = await users.listLive(null, 2); page.length > 0; page = await users.listLive(page[page.length - 1]!.idpId, 2)) {
        assert.ok(page.length <= 2);
        walked.push(...page);
      }
      const ids = walked.map((user) => user.idpId);
      assert.equal(new Set(ids).size, ids.length, 'each row once');
      assert.ok(walked.every((user) => user.deletedAt === null));
      assert.deepEqual(ids.filter((id) => id.startsWith('user_contractlist')).sort(), [
        'user_contractlista',
        'user_contractlistb',
        'user_contractlistc',
      ]);
    },
  },
  {
    // A `;` in a value made PGlite's dialect answer with result sets instead of rows (webhook fuzzer).
    name: "an image URL holding ';', quotes and '?' is stored and read back verbatim",
    async run(users) {
      const idpId = 'user_contractpunctuation' as IdpUserId;
      const imageUrl = "https://img.e;ample.com/o'brien.png?a=1;b=$1";
      const { user, created } = await users.syncFromProvider(aProviderUser({ idpId, imageUrl }), uuid(901));
      assert.equal(created, true);
      assert.deepEqual({ id: user.id, imageUrl: user.imageUrl }, { id: uuid(901), imageUrl });
      assert.equal(O.toNullable(await users.findByIdpId(idpId))?.imageUrl, imageUrl);
    },
  },
  {
    name: 'a user starts with no language; setLocale stores one, and leaves a deleted user as it is',
    async run(users) {
      const idpId = 'user_contractlocale' as IdpUserId;
      const { user } = await users.syncFromProvider(aProviderUser({ idpId }), uuid(801));
      assert.equal(user.locale, null);
      await users.setLocale(user.id, 'tr-TR' as Locale);
      assert.equal(O.toNullable(await users.findByIdpId(idpId))?.locale, 'tr-TR');
      const resynced = await users.syncFromProvider(aProviderUser({ idpId, updatedAt: T0 + 500 }), uuid(802));
      assert.equal(resynced.user.locale, 'tr-TR', 'a newer provider snapshot keeps the language');
      await users.markDeleted(idpId, new Date('2026-02-01T00:00:00.000Z'), uuid(803));
      await users.setLocale(user.id, 'de' as Locale);
      assert.equal(O.toNullable(await users.findByIdpId(idpId))?.locale, 'tr-TR');
    },
  },
];
