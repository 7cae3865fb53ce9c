import { randomUUID } from 'node:crypto';
import { UserSchema } from '@idv/adapters-persistence';
import type { UserId } from '@idv/core';
import { aProviderUser } from '@idv/core/testing';
import test from 'ava';
import { forEachBackend } from './support/backends.js';

// The repositories never use MikroORM's EntityManager (they run prepared SQL through the runner);
// the entities are the schema the migrations are generated from, and still load on a fork.
forEachBackend((backend) => {
  test(`${backend.label}: the global EntityManager refuses identity-map work outside a request context`, async (t) => {
    const { orm } = backend.persistence();
    await t.throwsAsync(orm.em.find(UserSchema, {}), { message: /global EntityManager/ });
  });

  test(`${backend.label}: on a fork of the EntityManager the entities load with their column types`, async (t) => {
    const db = backend.persistence();
    const snapshot = aProviderUser({ idpId: 'user_ctxentity', updatedAt: 1_716_883_200_123 });
    const { user } = await db.users.syncFromProvider(snapshot, randomUUID() as UserId);
    const row = await db.orm.em.fork().findOneOrFail(UserSchema, { idpId: snapshot.idpId });
    t.is(row.id, user.id);
    t.is(row.idpUpdatedAt, 1_716_883_200_123);
    t.is(row.deletedAt, null);
    t.true(row.createdAt instanceof Date);
  });
});
