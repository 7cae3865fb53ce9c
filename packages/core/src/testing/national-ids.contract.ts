import assert from 'node:assert/strict';
import * as O from 'fp-ts/lib/Option.js';
import type { UserId } from '../identity/identifiers.js';
import type { NationalIds } from '../identity/ports/national-ids.js';
import { fixtureUuid } from './fixture-ids.js';
import type { ContractCase } from './users.contract.js';

/** A NationalIds implementation plus a way to satisfy its foreign key. */
export interface NationalIdsSubject {
  readonly nationalIds: NationalIds;
  /** Makes the user exist, if missing. */
  prepare(userId: UserId): Promise<void>;
}

const user = (n: number): UserId => fixtureUuid(0xf8, n) as UserId;
const T = new Date('2026-03-01T10:00:00.000Z');

/** The NationalIds port's contract: every adapter (in memory, PGlite, PostgreSQL) must pass each case. */
export const nationalIdsContract: readonly ContractCase<NationalIdsSubject>[] = [
  {
    name: 'a stored sealed national ID is found; a user without one finds nothing',
    async run({ nationalIds, prepare }) {
      await prepare(user(1));
      await nationalIds.put(user(1), 'sealed-one', T);
      assert.deepEqual(O.toNullable(await nationalIds.find(user(1))), 'sealed-one');
      await prepare(user(2));
      assert.ok(O.isNone(await nationalIds.find(user(2))));
    },
  },
  {
    name: 'storing again replaces the previous value',
    async run({ nationalIds, prepare }) {
      await prepare(user(10));
      await nationalIds.put(user(10), 'sealed-old', T);
      await nationalIds.put(user(10), 'sealed-new', new Date(T.getTime() + 1000));
      assert.deepEqual(O.toNullable(await nationalIds.find(user(10))), 'sealed-new');
    },
  },
  {
    name: "erasing removes the user's national ID and no one else's; erasing twice is harmless",
    async run({ nationalIds, prepare }) {
      await prepare(user(20));
      await prepare(user(21));
      await nationalIds.put(user(20), 'sealed-20', T);
      await nationalIds.put(user(21), 'sealed-21', T);
      await nationalIds.erase(user(20));
      await nationalIds.erase(user(20));
      assert.ok(O.isNone(await nationalIds.find(user(20))));
      assert.deepEqual(O.toNullable(await nationalIds.find(user(21))), 'sealed-21');
    },
  },
  {
    name: 'listing after a user id walks every row once, in user id order',
    async run({ nationalIds, prepare }) {
      const ids = [33, 31, 35, 32, 34].map(user);
      for (const id of ids) {
        await prepare(id);
        await nationalIds.put(id, `sealed-${id}`, T);
      }
      const seen: string[] = [];
      let after: UserId | null = user(30);
      for (;;) {
        const page = await nationalIds.listAfter(after, 2);
        for (const row of page) {
          // Other cases may share the store: only this case's rows are checked.
          if (ids.includes(row.userId)) assert.equal(row.sealed, `sealed-${row.userId}`);
          seen.push(row.userId);
        }
        if (page.length < 2) break;
        after = page[page.length - 1]!.userId;
      }
      const mine = seen.filter((id) => ids.includes(id as UserId));
      assert.deepEqual(mine, [...ids].sort());
      assert.equal(new Set(seen).size, seen.length);
    },
  },
  {
    name: 'replacing writes only while the stored value is still the one expected',
    async run({ nationalIds, prepare }) {
      await prepare(user(40));
      await nationalIds.put(user(40), 'sealed-read', T);
      assert.equal(await nationalIds.replace(user(40), 'sealed-read', 'sealed-resealed', T), true);
      assert.equal(await nationalIds.replace(user(40), 'sealed-read', 'sealed-stale', T), false);
      assert.deepEqual(O.toNullable(await nationalIds.find(user(40))), 'sealed-resealed');
      await prepare(user(41));
      assert.equal(await nationalIds.replace(user(41), 'sealed-read', 'sealed-new', T), false);
      assert.ok(O.isNone(await nationalIds.find(user(41))));
    },
  },
];
