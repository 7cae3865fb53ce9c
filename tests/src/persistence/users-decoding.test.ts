import { randomUUID } from 'node:crypto';
import { PersistenceError } from '@idv/adapters-persistence';
import type { IdpUserId, UserId } from '@idv/core';
import { aProviderUser } from '@idv/core/testing';
import test from 'ava';
import { forEachBackend } from './support/backends.js';

// Rows are decoded with the core codecs, not cast, users included.
forEachBackend((backend) => {
  test(`${backend.label}: a users row that does not decode is a defect (invalid_row) that never echoes the value`, async (t) => {
    const db = backend.persistence();
    const idpId = 'user_decodecheck' as IdpUserId;
    await db.users.syncFromProvider(aProviderUser({ idpId }), randomUUID() as UserId);
    await db.orm.em.execute(`update "users" set "email" = 'no-at-sign' where "idp_id" = ?`, [idpId]);
    const error = await db.users.findByIdpId(idpId).then(
      () => undefined,
      (rejection: unknown) => rejection,
    );
    t.true(error instanceof PersistenceError);
    t.like(error as PersistenceError, { failure: 'invalid_row', constraint: 'users.email' });
    t.false(String((error as Error).message).includes('no-at-sign'));
  });
});
