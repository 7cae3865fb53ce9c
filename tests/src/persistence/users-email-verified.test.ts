import { randomUUID } from 'node:crypto';
import type { IdpUserId, UserId } from '@idv/core';
import { aProviderUser } from '@idv/core/testing';
import * as O from 'fp-ts/lib/Option.js';
import test from 'ava';
import { forEachBackend } from './support/backends.js';

const T0 = 1_716_883_200_000;

// Rows stored before the verification state was kept hold NULL: unknown, never read as verified,
// and refreshed by a snapshot as new as the row (sync:users re-reads every user at its own updated_at).
forEachBackend((backend) => {
  test(`${backend.label}: an unknown email verification state reads as null and is refreshed by a snapshot as new as the row, not by an older one`, async (t) => {
    const db = backend.persistence();
    const idpId = 'user_legacyverify' as IdpUserId;
    await db.users.syncFromProvider(aProviderUser({ idpId, updatedAt: T0 }), randomUUID() as UserId);
    await db.orm.em.execute(`update "users" set "email_verified" = null where "idp_id" = ?`, [idpId]);
    t.is(O.toNullable(await db.users.findByIdpId(idpId))?.emailVerified, null);

    const older = await db.users.syncFromProvider(aProviderUser({ idpId, emailVerified: true, updatedAt: T0 - 1 }), randomUUID() as UserId);
    t.like(older, { created: false, newlyVerified: false, user: { emailVerified: null, idpUpdatedAt: T0 } });

    const same = await db.users.syncFromProvider(aProviderUser({ idpId, emailVerified: true, updatedAt: T0 }), randomUUID() as UserId);
    t.like(same, { created: false, newlyVerified: true, user: { emailVerified: true, idpUpdatedAt: T0 } });
    t.is(O.toNullable(await db.users.findByIdpId(idpId))?.emailVerified, true);

    const replay = await db.users.syncFromProvider(aProviderUser({ idpId, emailVerified: true, updatedAt: T0 }), randomUUID() as UserId);
    t.like(replay, { newlyVerified: false, user: { emailVerified: true } });
  });

  test(`${backend.label}: the caller read with a bearer token carries the stored verification state`, async (t) => {
    const db = backend.persistence();
    const idpId = 'user_callerverify' as IdpUserId;
    await db.users.syncFromProvider(aProviderUser({ idpId, emailVerified: false }), randomUUID() as UserId);
    t.is(O.toNullable(await db.callers.findByIdpId(idpId))?.user.emailVerified, false);
  });
});
