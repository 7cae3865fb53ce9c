import { PersistenceError, type Persistence } from '@idv/adapters-persistence';
import type { Email, Membership, MembershipId, OrganizationId } from '@idv/core';
import test from 'ava';
import * as E from 'fp-ts/lib/Either.js';
import * as O from 'fp-ts/lib/Option.js';
import { forEachBackend } from './support/backends.js';
import { aMembership, anOrganization, at, idsFor, rejectionOf, T0 } from './support/fixtures.js';
import { ensureUser } from './support/seed.js';

const { org, user, membership } = idsFor(0xe0);

const uniqueViolationOn = (error: unknown, constraint: string): boolean =>
  error instanceof PersistenceError && error.failure === 'unique_violation' && error.constraint === constraint;

forEachBackend((backend) => {
  const db = (): Persistence => backend.persistence();
  const label = backend.label;

  /** An organization with one member row per spec, each for a fresh user. */
  const seedOrganization = async (n: number, rows: readonly Partial<Membership>[]): Promise<Membership[]> => {
    await db().organizations.create(anOrganization(org(n)));
    const seeded: Membership[] = [];
    for (const [i, fields] of rows.entries()) {
      const userId = user(n * 100 + i);
      await ensureUser(db(), userId);
      const row = aMembership({ id: membership(n * 100 + i), organizationId: org(n), userId, ...fields });
      await db().memberships.insert(row);
      seeded.push(row);
    }
    return seeded;
  };

  const liveOwners = async (organizationId: OrganizationId): Promise<number> => {
    const [row] = await db().orm.em.execute<{ count: string | number }[]>(
      `select count(*) as "count" from "memberships" where "organization_id" = ? and "role" = 'owner' and "status" <> 'cancelled'`,
      [organizationId],
    );
    return Number(row?.count);
  };

  test(`${label}: two concurrent owner grants in one organization: exactly one succeeds, the other is a unique violation`, async (t) => {
    const [first, second] = await seedOrganization(1, [{ role: 'admin' }, { role: 'admin' }]);
    const grant = (row: Membership) => db().memberships.update(row.id, { role: 'admin', status: 'active' }, { role: 'owner' }, at(1));
    const results = await Promise.allSettled([grant(first!), grant(second!)]);
    const granted = results.filter((r) => r.status === 'fulfilled' && O.isSome(r.value));
    const rejected = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    t.is(granted.length, 1);
    t.is(rejected.length, 1);
    t.true(uniqueViolationOn(rejected[0]!.reason, 'memberships_one_live_owner_per_org'));
    t.is(await liveOwners(org(1)), 1);
  });

  test(`${label}: two concurrent inserts of owner rows in one organization: exactly one is stored`, async (t) => {
    await db().organizations.create(anOrganization(org(2)));
    await ensureUser(db(), user(201));
    await ensureUser(db(), user(202));
    const owner = (n: number) => aMembership({ id: membership(n), organizationId: org(2), userId: user(n), role: 'owner' });
    const results = await Promise.allSettled([db().memberships.insert(owner(201)), db().memberships.insert(owner(202))]);
    const rejected = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    t.is(rejected.length, 1);
    t.true(uniqueViolationOn(rejected[0]!.reason, 'memberships_one_live_owner_per_org'));
    t.is(await liveOwners(org(2)), 1);
  });

  test(`${label}: two concurrent ownership transfers (demote, then promote, in one unit of work each): one commits, the other rolls back`, async (t) => {
    const [owner, a, b] = await seedOrganization(3, [{ role: 'owner' }, { role: 'admin' }, { role: 'member' }]);
    const transfer = (target: Membership) =>
      db().unitOfWork.run(async () => {
        const demoted = await db().memberships.update(owner!.id, { role: 'owner', status: 'active' }, { role: 'admin' }, at(2));
        if (O.isNone(demoted)) return E.left('changed concurrently' as const);
        const promoted = await db().memberships.update(target.id, { role: target.role, status: 'active' }, { role: 'owner' }, at(2));
        return O.isNone(promoted) ? E.left('changed concurrently' as const) : E.right(promoted.value.id);
      });
    const results = await Promise.all([transfer(a!), transfer(b!)]);
    t.is(results.filter(E.isRight).length, 1);
    t.is(await liveOwners(org(3)), 1);
    const winner = results.find(E.isRight)!.right;
    t.is(O.toNullable(await db().memberships.findOwner(org(3)))?.id, winner);
  });

  test(`${label}: a cancelled owner does not count: the organization can get a new live owner`, async (t) => {
    await seedOrganization(4, [{ role: 'owner', status: 'cancelled' }, { role: 'owner' }]);
    t.is(await liveOwners(org(4)), 1);
    t.is(O.toNullable(await db().memberships.findOwner(org(4)))?.id, membership(401));
  });

  test(`${label}: a cancelled member may be invited again, but a user has one live row per organization (a second insert writes nothing)`, async (t) => {
    const [cancelled] = await seedOrganization(5, [{ status: 'cancelled', updatedAt: at(1) }]);
    const again = aMembership({
      id: membership(510),
      organizationId: org(5),
      userId: cancelled!.userId,
      status: 'pending_invitation',
      createdAt: at(2),
      updatedAt: at(2),
    });
    t.true(await db().memberships.insert(again));
    t.is(O.toNullable(await db().memberships.findForUser(org(5), cancelled!.userId!))?.id, membership(510));
    t.false(await db().memberships.insert({ ...again, id: membership(511), status: 'active' }));
    t.true(O.isNone(await db().memberships.findById(membership(511))));
    const error = await rejectionOf(
      db().memberships.update(cancelled!.id, { role: cancelled!.role, status: 'cancelled' }, { status: 'active' }, at(3)),
    );
    t.true(uniqueViolationOn(error, 'memberships_one_live_per_user'), 'an update still rejects');
  });

  test(`${label}: findForUser falls back to the most recently updated cancelled row`, async (t) => {
    await db().organizations.create(anOrganization(org(6)));
    await ensureUser(db(), user(600));
    const cancelled = (n: number, updated: number) =>
      aMembership({ id: membership(n), organizationId: org(6), userId: user(600), status: 'cancelled', updatedAt: at(updated) });
    await db().memberships.insert(cancelled(601, 5));
    await db().memberships.insert(cancelled(602, 9));
    await db().memberships.insert(cancelled(603, 7));
    t.is(O.toNullable(await db().memberships.findForUser(org(6), user(600)))?.id, membership(602));
  });

  test(`${label}: of ten concurrent identical guarded updates exactly one applies`, async (t) => {
    const [row] = await seedOrganization(7, [{ role: 'coach' }]);
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        db().memberships.update(row!.id, { role: 'coach', status: 'active' }, { status: 'suspended' }, at(3)),
      ),
    );
    t.is(results.filter(O.isSome).length, 1);
    t.like(O.toNullable(await db().memberships.findById(row!.id)), { status: 'suspended', role: 'coach', updatedAt: at(3) });
  });

  test(`${label}: an invited row shows the invitee's address until a user takes it over, then the user's`, async (t) => {
    await db().organizations.create(anOrganization(org(8)));
    const invited = aMembership({
      id: membership(800),
      organizationId: org(8),
      userId: null,
      status: 'invited',
      email: 'invitee@example.com' as Email,
    });
    await db().memberships.insert(invited);
    t.deepEqual(O.toNullable(await db().memberships.findById(invited.id)), invited);
    await ensureUser(db(), user(800), 'Renamed@Example.com');
    const accepted = await db().memberships.update(
      invited.id,
      { role: 'member', status: 'invited' },
      { status: 'active', userId: user(800) },
      at(4),
    );
    t.deepEqual(O.toNullable(accepted), {
      ...invited,
      userId: user(800),
      status: 'active',
      email: 'renamed@example.com' as Email,
      updatedAt: at(4),
    });
  });

  test(`${label}: the roster pages oldest first without repeats or gaps when every row has the same createdAt`, async (t) => {
    const seeded = await seedOrganization(9, [{}, {}, { status: 'cancelled' }, {}, {}, { role: 'owner' }]);
    const pages: MembershipId[][] = [];
    let page = await db().memberships.listForOrganization(org(9), { includeCancelled: true }, { limit: 2 });
    pages.push(page.items.map((m) => m.id));
    while (page.nextCursor !== null) {
      const cursor = page.items[page.items.length - 1]!;
      page = await db().memberships.listForOrganization(
        org(9),
        { includeCancelled: true },
        { limit: 2, cursor: { at: cursor.createdAt, id: cursor.id } },
      );
      pages.push(page.items.map((m) => m.id));
    }
    t.deepEqual(pages.flat(), seeded.map((m) => m.id).sort());
    t.deepEqual(
      pages.map((p) => p.length),
      [2, 2, 2],
    );
    const live = await db().memberships.listForOrganization(org(9), { includeCancelled: false }, { limit: 50 });
    t.is(live.items.length, 5);
    t.is(live.nextCursor, null);
  });

  test(`${label}: rows written with now() (microseconds on the clock) page without repeats`, async (t) => {
    await db().organizations.create(anOrganization(org(10)));
    for (const n of [1, 2, 3]) {
      await db().orm.em.execute(
        `insert into "memberships" ("id", "organization_id", "role", "status") values (?, ?, 'member', 'invited')`,
        [membership(1000 + n), org(10)],
      );
    }
    const first = await db().memberships.listForOrganization(org(10), { includeCancelled: false }, { limit: 1 });
    const last = first.items[0]!;
    const rest = await db().memberships.listForOrganization(
      org(10),
      { includeCancelled: false },
      { limit: 5, cursor: { at: last.createdAt, id: last.id } },
    );
    t.is(rest.items.length, 2);
    t.false(rest.items.some((m) => m.id === last.id));
  });

  test(`${label}: a stored row that does not decode is a defect (invalid_row), never cast`, async (t) => {
    await db().organizations.create(anOrganization(org(11)));
    await db().memberships.insert(
      aMembership({ id: membership(1100), organizationId: org(11), userId: null, status: 'invited', email: 'x@example.com' as Email }),
    );
    await db().orm.em.execute(`update "memberships" set "email" = 'not an address' where "id" = ?`, [membership(1100)]);
    const error = await rejectionOf(db().memberships.findById(membership(1100)));
    t.true(error instanceof PersistenceError);
    t.like(error as PersistenceError, { failure: 'invalid_row', constraint: 'memberships.email', operation: 'memberships.findById' });
    t.false(String((error as Error).message).includes('not an address'));
  });

  test(`${label}: timestamps round-trip at millisecond precision`, async (t) => {
    await db().organizations.create({ ...anOrganization(org(12)), createdAt: new Date(T0.getTime() + 123) });
    t.is(O.toNullable(await db().organizations.findById(org(12)))?.createdAt.getTime(), T0.getTime() + 123);
  });
});
