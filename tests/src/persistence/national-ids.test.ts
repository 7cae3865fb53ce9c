import type { Persistence } from '@idv/adapters-persistence';
import test from 'ava';
import * as O from 'fp-ts/lib/Option.js';
import { forEachBackend } from './support/backends.js';
import { at, idsFor } from './support/fixtures.js';
import { ensureUser } from './support/seed.js';

const { user } = idsFor(0x120);

forEachBackend((backend) => {
  const db = (): Persistence => backend.persistence();
  const label = backend.label;

  test(`${label}: a sealed national ID is stored per user, replaced by the next put, and found only for that user`, async (t) => {
    await ensureUser(db(), user(1));
    await ensureUser(db(), user(2));
    t.true(O.isNone(await db().nationalIds.find(user(1))));
    await db().nationalIds.put(user(1), 'eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2R0NNIiwia2lkIjoiazEifQ..a.b.c', at(1));
    await db().nationalIds.put(user(1), 'eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2R0NNIiwia2lkIjoiazIifQ..d.e.f', at(2));
    t.deepEqual(await db().nationalIds.find(user(1)), O.some('eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2R0NNIiwia2lkIjoiazIifQ..d.e.f'));
    t.true(O.isNone(await db().nationalIds.find(user(2))));
  });

  test(`${label}: concurrent puts for one user leave one row`, async (t) => {
    await ensureUser(db(), user(3));
    await Promise.all(Array.from({ length: 10 }, (_, i) => db().nationalIds.put(user(3), `sealed-${i}`, at(i))));
    const [row] = await db().orm.em.execute<{ count: string | number }[]>(
      'select count(*) as "count" from "national_ids" where "user_id" = ?',
      [user(3)],
    );
    t.is(Number(row?.count), 1);
  });
});
