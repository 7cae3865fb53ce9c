import { randomUUID } from 'node:crypto';
import type { Persistence } from '@idv/adapters-persistence';
import type { IdpUserId, UserId } from '@idv/core';
import { aProviderUser, fixtureUuid as uuid } from '@idv/core/testing';
import test from 'ava';
import * as E from 'fp-ts/lib/Either.js';
import * as O from 'fp-ts/lib/Option.js';
import { forEachBackend } from './support/backends.js';
import { seedMembership } from './support/seed.js';

const UOW = 0xe0;

forEachBackend((backend) => {
  const db = (): Persistence => backend.persistence();
  const label = backend.label;

  const seedActiveMember = async (n: number): Promise<UserId> => {
    const userId = uuid(UOW + 1, n) as UserId;
    await seedMembership(db(), {
      id: uuid(UOW + 2, n),
      organizationId: uuid(UOW, n),
      organizationName: `Org ${n}`,
      userId,
      role: 'member',
      status: 'active',
    });
    return userId;
  };

  test(`${label}: a Right commits the users and memberships writes made inside`, async (t) => {
    const member = await seedActiveMember(1);
    const { users, memberships, unitOfWork } = db();
    const result = await unitOfWork.run(async () => {
      await users.syncFromProvider(aProviderUser({ idpId: 'user_uowcommit' }), randomUUID() as UserId);
      return E.right(await memberships.cancelAllForUser(member));
    });
    t.deepEqual(result, E.right(1));
    t.true(O.isSome(await users.findByIdpId('user_uowcommit' as IdpUserId)));
    t.deepEqual(
      (await memberships.listForUser(member)).map((m) => m.status),
      ['cancelled'],
    );
  });

  test(`${label}: a Left rolls back the users and memberships writes made inside`, async (t) => {
    const member = await seedActiveMember(2);
    const { users, memberships, unitOfWork } = db();
    const result = await unitOfWork.run(async () => {
      await users.syncFromProvider(aProviderUser({ idpId: 'user_uowleft' }), randomUUID() as UserId);
      t.is(await memberships.cancelAllForUser(member), 1);
      return E.left({ _tag: 'Refused' as const });
    });
    t.deepEqual(result, E.left({ _tag: 'Refused' }));
    t.true(O.isNone(await users.findByIdpId('user_uowleft' as IdpUserId)));
    t.deepEqual(
      (await memberships.listForUser(member)).map((m) => m.status),
      ['active'],
    );
  });

  test(`${label}: a rejection rolls back and reaches the caller unchanged`, async (t) => {
    const { users, unitOfWork } = db();
    const error = await t.throwsAsync(
      unitOfWork.run(async () => {
        await users.syncFromProvider(aProviderUser({ idpId: 'user_uowthrow' }), randomUUID() as UserId);
        throw new Error('defect inside the work');
      }),
    );
    t.is(error?.message, 'defect inside the work');
    t.true(O.isNone(await users.findByIdpId('user_uowthrow' as IdpUserId)));
  });

  test(`${label}: repositories inside the transaction read its uncommitted writes (same connection, no deadlock)`, async (t) => {
    const { users, unitOfWork } = db();
    const result = await unitOfWork.run(async () => {
      const synced = await users.syncFromProvider(aProviderUser({ idpId: 'user_uowread' }), randomUUID() as UserId);
      const found = await users.findByIdpId('user_uowread' as IdpUserId);
      const deleted = await users.markDeleted('user_uowread' as IdpUserId, new Date('2026-01-01T00:00:00.000Z'), randomUUID() as UserId);
      return E.right({ synced: synced.user, found: O.toNullable(found), deleted });
    });
    if (E.isLeft(result)) return t.fail('expected a Right');
    t.deepEqual(result.right.found, result.right.synced);
    t.is(result.right.deleted.id, result.right.synced.id);
  });

  test(`${label}: a nested unit of work that returns a Left rolls back only its own writes`, async (t) => {
    const { users, unitOfWork } = db();
    const outer = await unitOfWork.run(async () => {
      await users.syncFromProvider(aProviderUser({ idpId: 'user_uowouter' }), randomUUID() as UserId);
      const inner = await unitOfWork.run(async () => {
        await users.syncFromProvider(aProviderUser({ idpId: 'user_uowinner' }), randomUUID() as UserId);
        return E.left('inner refused');
      });
      return E.right(inner);
    });
    t.deepEqual(outer, E.right(E.left('inner refused')));
    t.true(O.isSome(await users.findByIdpId('user_uowouter' as IdpUserId)));
    t.true(O.isNone(await users.findByIdpId('user_uowinner' as IdpUserId)));
  });

  test(`${label}: concurrent units of work each read their own uncommitted write, and all commit`, async (t) => {
    const { users, unitOfWork } = db();
    const ids = Array.from({ length: 8 }, (_, i) => `user_uowparallel${i}` as IdpUserId);
    const results = await Promise.all(
      ids.map((idpId) =>
        unitOfWork.run(async () => {
          await users.syncFromProvider(aProviderUser({ idpId }), randomUUID() as UserId);
          return E.right(O.isSome(await users.findByIdpId(idpId)));
        }),
      ),
    );
    t.deepEqual(
      results,
      ids.map(() => E.right(true)),
    );
    for (const idpId of ids) t.true(O.isSome(await users.findByIdpId(idpId)), idpId);
  });
});
