import { randomUUID } from 'node:crypto';
import type { IdpUserId, UserId } from '@idv/core';
import { aProviderUser } from '@idv/core/testing';
import test from 'ava';
import * as E from 'fp-ts/lib/Either.js';
import { forEachBackend } from './support/backends.js';

forEachBackend((backend) => {
  test(`${backend.label}: 50 concurrent syncs of one provider user, each in its own transaction, leave exactly one row`, async (t) => {
    const db = backend.persistence();
    const snapshot = aProviderUser({ idpId: 'user_racerequests' });
    const results = await Promise.all(
      Array.from({ length: 50 }, () => db.sql.transaction(() => db.users.syncFromProvider(snapshot, randomUUID() as UserId))),
    );
    const [row] = await db.orm.em.execute<{ count: string | number }[]>('select count(*) as "count" from "users" where "idp_id" = ?', [
      snapshot.idpId,
    ]);
    t.is(Number(row?.count), 1);
    t.is(results.filter((r) => r.created).length, 1);
    t.is(new Set(results.map((r) => r.user.id)).size, 1);
  });

  test(`${backend.label}: concurrent syncs and a deletion of one user leave one deleted row`, async (t) => {
    const db = backend.persistence();
    const idpId = 'user_racedelete' as IdpUserId;
    const deletedAt = new Date('2026-02-01T00:00:00.000Z');
    await Promise.all([
      ...Array.from({ length: 10 }, (_, i) =>
        db.sql.transaction(() =>
          db.users.syncFromProvider(aProviderUser({ idpId, updatedAt: 1_716_883_200_000 + i }), randomUUID() as UserId),
        ),
      ),
      db.sql.transaction(() => db.users.markDeleted(idpId, deletedAt, randomUUID() as UserId)),
    ]);
    const [row] = await db.orm.em.execute<{ count: string | number }[]>(
      'select count(*) as "count" from "users" where "idp_id" = ? and "deleted_at" is not null',
      [idpId],
    );
    t.is(Number(row?.count), 1);
  });

  test(`${backend.label}: an overwrite by a newer snapshot is not reported as a creation, also inside one transaction`, async (t) => {
    const { users, unitOfWork } = backend.persistence();
    const idpId = 'user_raceoverwrite';
    const first = await users.syncFromProvider(aProviderUser({ idpId, updatedAt: 1 }), randomUUID() as UserId);
    const newer = await users.syncFromProvider(aProviderUser({ idpId, email: 'newer@example.com', updatedAt: 2 }), randomUUID() as UserId);
    t.true(first.created);
    t.false(newer.created);
    t.is(newer.user.email as string | null, 'newer@example.com');
    const inOneTransaction = await unitOfWork.run(async () => {
      const created = await users.syncFromProvider(aProviderUser({ idpId: 'user_raceoverwritetx', updatedAt: 1 }), randomUUID() as UserId);
      const updated = await users.syncFromProvider(aProviderUser({ idpId: 'user_raceoverwritetx', updatedAt: 2 }), randomUUID() as UserId);
      return E.right([created.created, updated.created, updated.user.idpUpdatedAt]);
    });
    t.deepEqual(inOneTransaction, E.right([true, false, 2]));
  });
});
