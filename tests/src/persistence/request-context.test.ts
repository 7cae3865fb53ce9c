import { randomUUID } from 'node:crypto';
import { forkForBackgroundWork, UserSchema, withRequestContext } from '@idv/adapters-persistence';
import type { UserId } from '@idv/core';
import { aProviderUser } from '@idv/core/testing';
import test from 'ava';
import { forEachBackend } from './support/backends.js';

forEachBackend((backend) => {
  test(`${backend.label}: the global EntityManager refuses identity-map work outside a request context`, async (t) => {
    const { orm } = backend.persistence();
    await t.throwsAsync(orm.em.find(UserSchema, {}), { message: /global EntityManager/ });
  });

  test(`${backend.label}: inside withRequestContext and on a background fork the entities load with their column types`, async (t) => {
    const db = backend.persistence();
    const snapshot = aProviderUser({ idpId: 'user_ctxentity', updatedAt: 1_716_883_200_123 });
    const { user } = await db.users.syncFromProvider(snapshot, randomUUID() as UserId);
    const inRequest = await withRequestContext(db.orm, () => db.orm.em.findOneOrFail(UserSchema, { idpId: snapshot.idpId }));
    const inBackground = await forkForBackgroundWork(db.orm).findOneOrFail(UserSchema, { idpId: snapshot.idpId });
    for (const row of [inRequest, inBackground]) {
      t.is(row.id, user.id);
      t.is(row.idpUpdatedAt, 1_716_883_200_123);
      t.is(row.deletedAt, null);
      t.true(row.createdAt instanceof Date);
    }
  });
});
