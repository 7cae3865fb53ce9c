import anyTest, { type ExecutionContext, type TestFn } from 'ava';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as O from 'fp-ts/lib/Option.js';
import { createPersistence } from '@idv/adapters-persistence';
import type { IdpUserId, UserId } from '@idv/core';
import { adminFetch } from '@idv/idp-emulator/testing';
import { reportPostgresNotRun } from '../persistence/support/backends.js';
import { createScratchDatabase } from '../persistence/support/scratch-database.js';
import { organizationWithMembers, startEmulatedService, type EmulatedService } from '../support/emulated-service.js';
import { type ApiAnswer, assertError } from '../support/service-api.js';

// National IDs over real sockets: nobody reads a stranger's, every read is audited, a deleted
// user's is erased, and no validation problem ever carries one.
const test = anyTest.serial as TestFn<{ world: EmulatedService; dataDir: string; closed?: boolean }>;

const PAYTR = {
  PAYMENTS_PROVIDERS: 'paytr',
  PAYTR_MERCHANT_ID: '123456',
  PAYTR_MERCHANT_KEY: 'paytr-national-ids-key',
  PAYTR_MERCHANT_SALT: 'paytr-national-ids-salt',
};

test.before(async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'idv-national-ids-'));
  t.context = { world: await startEmulatedService({ DATA_DIR: dataDir, ...PAYTR }), dataDir };
});
test.after.always(async (t) => {
  if (t.context.closed !== true) await t.context.world?.close();
  if (t.context.dataDir !== undefined) rmSync(t.context.dataDir, { recursive: true, force: true });
});

const ok = (what: string, answer: ApiAnswer): any => {
  if (answer.status < 200 || answer.status > 299) throw new Error(`${what} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
};

const POSTGRES_URL = process.env['TEST_DATABASE_URL'];
if (!POSTGRES_URL) reportPostgresNotRun('the PostgreSQL case of the compliance-record attack did not run: TEST_DATABASE_URL is not set');

const strangerAttack = async (t: ExecutionContext<unknown>, world: EmulatedService): Promise<void> => {
  const attackerId = await world.seedUser('attacker@example.com');
  const victimId = await world.seedUser('victim@example.com');
  const nationalId = '10000000078';
  t.is((await world.as(victimId).put('/users/me/national-id', { nationalId })).status, 204);

  const attacker = world.as(attackerId);
  const orgId = ok('creating', await attacker.post('/organizations', { name: 'Trap Gym' })).organization.id as string;
  const invited = ok(
    'inviting',
    await attacker.post(`/organizations/${orgId}/invitations`, { email: 'victim@example.com', role: 'member' }),
  );
  t.is(invited.membership.status, 'pending_invitation', 'path 2: the victim has a provider account');
  const path = `/organizations/${orgId}/members/${invited.membership.id}/compliance`;

  const pending = await attacker.get(path);
  assertError(t, pending, 404, 'MembershipNotFound');
  t.false(JSON.stringify(pending.body).includes(nationalId));

  ok('declining', await world.as(victimId).post('/invitations/decline', { invitationId: invited.invitation.id }));
  const declined = await attacker.get(path);
  assertError(t, declined, 404, 'MembershipNotFound');
  t.false(JSON.stringify(declined.body).includes(nationalId));

  const again = ok(
    'inviting again',
    await attacker.post(`/organizations/${orgId}/invitations`, { email: 'victim@example.com', role: 'member' }),
  );
  t.is((await world.as(victimId).delete('/users/me')).status, 204);
  for (const membershipId of [invited.membership.id, again.membership.id]) {
    const deleted = await attacker.get(`/organizations/${orgId}/members/${membershipId}/compliance`);
    assertError(t, deleted, 404, 'MembershipNotFound');
    t.false(JSON.stringify(deleted.body).includes(nationalId));
  }
  const trail = ok('reading the audit trail', await attacker.get(`/organizations/${orgId}/audit`)).items as Array<{ action: string }>;
  t.false(
    trail.some((entry) => entry.action === 'compliance.read'),
    'a refused read is not a read',
  );
};

test('a stranger invited on path 2 has no compliance record: not while pending, not after declining, not after deleting their account', async (t) => {
  await strangerAttack(t, t.context.world);
});

if (POSTGRES_URL) {
  test('PostgreSQL: a stranger invited on path 2 has no compliance record: not while pending, not after declining, not after deleting their account', async (t) => {
    const scratch = await createScratchDatabase(POSTGRES_URL);
    t.teardown(() => scratch.drop());
    const world = await startEmulatedService({ DATABASE_URL: scratch.url });
    t.teardown(() => world.close());
    await strangerAttack(t, world);
  });
}

test('every compliance read is in the audit trail as compliance.read (who read whose record), never with the ID', async (t) => {
  const { world } = t.context;
  const ownerId = await world.seedUser('audited-owner@example.com');
  const adminId = await world.seedUser('audited-admin@example.com');
  const memberId = await world.seedUser('audited-member@example.com');
  const { orgId, membershipIds } = await organizationWithMembers(world, ownerId, 'Audited Gym', [
    { idpId: adminId, email: 'audited-admin@example.com', role: 'admin' },
    { idpId: memberId, email: 'audited-member@example.com', role: 'member' },
  ]);
  const nationalId = 'TR-55566677788';
  t.is((await world.as(memberId).put('/users/me/national-id', { nationalId })).status, 204);
  const membershipId = membershipIds.get('audited-member@example.com')!;
  const record = ok('reading', await world.as(adminId).get(`/organizations/${orgId}/members/${membershipId}/compliance`));
  t.is(record.nationalId, nationalId);

  const me = ok('the admin reading /users/me', await world.as(adminId).get('/users/me'));
  const trail = ok('reading the audit trail', await world.as(ownerId).get(`/organizations/${orgId}/audit`));
  const reads = (trail.items as Array<{ action: string }>).filter((entry) => entry.action === 'compliance.read');
  t.is(reads.length, 1);
  t.like(reads[0], { action: 'compliance.read', actorUserId: me.user.id, targetType: 'membership', targetId: membershipId, before: null });
  t.false(JSON.stringify(trail).includes(nationalId));
});

test("deleting a user, by DELETE /users/me or by the provider's user.deleted, erases their national ID", async (t) => {
  const { world, dataDir } = t.context;
  const selfId = await world.seedUser('erased-self@example.com');
  const providerDeletedId = await world.seedUser('erased-at-provider@example.com');
  const keptId = await world.seedUser('kept-national-id@example.com');
  for (const idpId of [selfId, providerDeletedId, keptId])
    t.is((await world.as(idpId).put('/users/me/national-id', { nationalId: '10000000146' })).status, 204);

  t.is((await world.as(selfId).delete('/users/me')).status, 204);
  t.is((await adminFetch(world.emulator, 'DELETE', `/v1/users/${providerDeletedId}`)).status, 200);
  await world.emulator.whenSettled(60_000);
  t.is((await world.as(providerDeletedId).get('/users/me')).status, 410);

  // The embedded database is one process's at a time: it is read once the service has stopped.
  await world.close();
  t.context.closed = true;
  const persistence = await createPersistence({ kind: 'pglite', dataDir: `${dataDir}/pglite` });
  try {
    const sealedOf = async (idpId: string) => {
      const user = O.toNullable(await persistence.users.findByIdpId(idpId as IdpUserId));
      return user === null ? null : O.toNullable(await persistence.nationalIds.find(user.id as UserId));
    };
    t.is(await sealedOf(selfId), null, 'DELETE /users/me erased it');
    t.is(await sealedOf(providerDeletedId), null, 'user.deleted erased it');
    t.not(await sealedOf(keptId), null, 'a live user keeps theirs');
  } finally {
    await persistence.close();
  }
});
