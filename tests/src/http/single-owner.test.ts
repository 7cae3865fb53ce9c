import anyTest, { type ExecutionContext, type TestFn } from 'ava';
import { organizationWithMembers, startEmulatedService } from '../support/emulated-service.js';
import { fullRoster, liveOwners, type ApiAnswer, type RosterRow, type ServiceApi } from '../support/service-api.js';
import { serviceDatabases } from '../persistence/support/backends.js';

// The single-owner rule: "no test ever observes an organization with zero or two owners, transfer included".
// Concurrent transfers and role changes over real sockets while a poller reads the roster.
const test = anyTest as TestFn;
const databases = serviceDatabases('the PostgreSQL single-owner cases did not run: TEST_DATABASE_URL is not set');

const MEMBERS = 10;
const ROLES = ['admin', 'coach', 'member'] as const;

/** Reads the roster in a loop until stopped; every observation's live-owner count is kept. */
const startPoller = (reader: ServiceApi, orgId: string) => {
  const counts: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) counts.push(liveOwners(await fullRoster(reader, orgId)).length);
  })();
  return {
    counts,
    stop: async () => {
      running = false;
      await loop;
    },
  };
};

/** Runs `burst` while the roster is polled; asserts one live owner in every observation and afterwards. */
const underObservation = async (
  t: ExecutionContext<unknown>,
  reader: ServiceApi,
  orgId: string,
  what: string,
  burst: () => Promise<ApiAnswer[]>,
): Promise<{ answers: ApiAnswer[]; roster: RosterRow[] }> => {
  const poller = startPoller(reader, orgId);
  const answers = await burst();
  await poller.stop();
  const roster = await fullRoster(reader, orgId);
  t.true(poller.counts.length > 0, `${what}: the roster was observed`);
  t.deepEqual(
    poller.counts.filter((count) => count !== 1),
    [],
    `${what}: every one of ${poller.counts.length} observations shows exactly one live owner`,
  );
  t.is(liveOwners(roster).length, 1, `${what}: one live owner afterwards`);
  t.deepEqual(
    answers.filter((a) => a.status >= 500),
    [],
    `${what}: no request failed as a defect`,
  );
  return { answers, roster };
};

const ownerOf = (roster: readonly RosterRow[]): RosterRow => liveOwners(roster)[0]!;

for (const database of databases) {
  const backend = database.label;
  test.serial(`${backend}: concurrent ownership transfers and role changes never leave zero or two owners`, async (t) => {
    const world = await startEmulatedService(database.env());
    t.teardown(() => world.close());
    const tag = backend.toLowerCase();
    const ownerId = await world.seedUser(`owner-${tag}@example.com`);
    const adminId = await world.seedUser(`platform-${tag}@example.com`);
    const members = [];
    for (let i = 0; i < MEMBERS; i += 1) {
      const email = `member${i}-${tag}@example.com`;
      members.push({ idpId: await world.seedUser(email), email, role: ROLES[i % ROLES.length]! });
    }
    const { orgId, membershipIds } = await organizationWithMembers(world, ownerId, `Single Owner ${backend}`, members);
    const idpIdOf = new Map(members.map((m) => [membershipIds.get(m.email)!, m.idpId]));
    idpIdOf.set((await fullRoster(world.as(ownerId), orgId)).find((row) => row.role === 'owner')!.id, ownerId);
    const platformAdmin = world.as(adminId, 'platform_admin');
    const transfer = (caller: ServiceApi, membershipId: string) =>
      caller.post(`/organizations/${orgId}/ownership-transfer`, { membershipId });

    // 1. The owner transfers to all ten members at once: exactly one transfer wins.
    const targets = [...membershipIds.values()];
    const first = await underObservation(t, platformAdmin, orgId, 'ten transfers by the owner', () =>
      Promise.all(targets.map((id) => transfer(world.as(ownerId), id))),
    );
    t.is(first.answers.filter((a) => a.status === 200).length, 1, 'exactly one transfer succeeded');
    t.true(
      first.answers.every((a) => [200, 403, 409].includes(a.status)),
      first.answers.map((a) => `${a.status} ${a.body?.code ?? ''}`).join(', '),
    );
    const winner = first.answers.find((a) => a.status === 200)!;
    t.is(ownerOf(first.roster).id, winner.body.owner.id);
    t.like(
      first.roster.find((row) => row.userId === winner.body.previousOwner.userId),
      { role: 'admin', status: 'active' },
      'the old owner became admin',
    );

    // 2. The new owner changes every other role at once (and tries to demote itself) while a Platform Admin transfers.
    const ownerNow = ownerOf(first.roster);
    const owner = world.as(idpIdOf.get(ownerNow.id)!);
    const others = first.roster.filter((row) => row.id !== ownerNow.id && row.status === 'active');
    const nextRole = (role: RosterRow['role']) => ROLES[(ROLES.indexOf(role as (typeof ROLES)[number]) + 1) % ROLES.length]!;
    const second = await underObservation(t, platformAdmin, orgId, 'role changes during a Platform Admin transfer', () =>
      Promise.all([
        ...others.map((row) => owner.patch(`/organizations/${orgId}/members/${row.id}`, { role: nextRole(row.role) })),
        owner.patch(`/organizations/${orgId}/members/${ownerNow.id}`, { role: 'admin' }),
        transfer(platformAdmin, others[0]!.id),
        ...others.slice(1, 4).map((row) => owner.patch(`/organizations/${orgId}/members/${row.id}`, { role: 'owner' })),
      ]),
    );
    const selfDemotion = second.answers[others.length]!;
    t.true(
      [403, 409].includes(selfDemotion.status),
      `the owner is never simply demoted (${selfDemotion.status} ${selfDemotion.body?.code})`,
    );
    for (const grant of second.answers.slice(others.length + 2))
      t.true([400, 403, 409].includes(grant.status), `owner is never granted by role change (${grant.status})`);
    // The transfer may lose to a concurrent role change of its target (409); either way one owner remains.
    const adminTransfer = second.answers[others.length + 1]!;
    t.true([200, 409].includes(adminTransfer.status), `${adminTransfer.status} ${adminTransfer.body?.code}`);
    t.is(ownerOf(second.roster).id, adminTransfer.status === 200 ? others[0]!.id : ownerNow.id);

    // 3. Platform Admin transfers to everyone at once while the current owner also transfers.
    const currentOwner = world.as(idpIdOf.get(ownerOf(second.roster).id)!);
    const candidates = second.roster.filter((row) => row.role !== 'owner' && row.status === 'active').map((row) => row.id);
    const third = await underObservation(t, platformAdmin, orgId, 'transfers by a Platform Admin and the owner at once', () =>
      Promise.all([
        ...candidates.map((id) => transfer(platformAdmin, id)),
        ...candidates.slice(0, 5).map((id) => transfer(currentOwner, id)),
      ]),
    );
    t.true(
      third.answers.some((a) => a.status === 200),
      'at least one transfer went through',
    );
    t.true(
      third.answers.every((a) => [200, 403, 409].includes(a.status)),
      third.answers.map((a) => `${a.status} ${a.body?.code ?? ''}`).join(', '),
    );
  });
}
