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
];
