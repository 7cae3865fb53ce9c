import anyTest, { type ExecutionContext, type TestFn } from 'ava';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import * as O from 'fp-ts/lib/Option.js';
import { createPersistence } from '@idv/adapters-persistence';
import type { IdpUserId, MembershipId, User } from '@idv/core';
import type { IdpEmulator } from '@idv/idp-emulator';
import { adminFetch } from '@idv/idp-emulator/testing';
import { ENTRY_POINTS } from '../e2e/environment/repo-paths.js';
import { startEmulatedService, type EmulatedService } from '../support/emulated-service.js';
import { providerEnv } from '../support/service-under-test.js';

// The reconciliation repairs a store that missed a third of the provider's
// deliveries (held back by the emulator's hold switch), and a second run changes nothing.
const test = anyTest as TestFn<{ world: EmulatedService }>;
const run = promisify(execFile);

test.afterEach.always(async (t) => {
  await t.context.world?.close();
});

/** What the story did at the provider, for the assertions. */
interface Story {
  readonly ids: Readonly<Record<'owner' | 'missing' | 'stale' | 'kept' | 'invitee' | 'deletedDelivered' | 'deletedHeld', string>>;
  readonly staleEmail: string;
  readonly inviteeMembershipId: string;
}

const ok = (what: string, answer: { status: number; body: any }): any => {
  if (answer.status < 200 || answer.status > 299) throw new Error(`${what} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
};

/**
 * Twelve provider changes, each one webhook delivery; every third is held back (never reaches the
 * service): a user.created, an invitee's sign-up (user.created), a user.updated and a user.deleted.
 */
const missThirdOfDeliveries = async (t: ExecutionContext, world: EmulatedService): Promise<Story> => {
  const { emulator } = world;
  const admin = (method: string, path: string, body?: unknown) => adminFetch(emulator, method, path, body);
  let index = 0;
  const change = async <T>(what: () => Promise<T>): Promise<T> => {
    emulator.setDeliveryMode({ hold: index % 3 === 2 });
    index += 1;
    return what();
  };
  const createUser = (name: string) =>
    change(async () => ok(`creating ${name}`, await admin('POST', '/v1/users', { email_address: [`${name}@example.com`] })).id as string);
  const rename = (id: string) => change(async () => ok('renaming', await admin('PATCH', `/v1/users/${id}`, { first_name: 'Renamed' })));
  const deleteUser = (id: string) => change(async () => ok('deleting', await admin('DELETE', `/v1/users/${id}`)));

  const owner = await createUser('sync-owner'); // 0
  await emulator.whenDeliveredExceptHeld();
  const organization = ok('creating the organization', await world.as(owner).post('/organizations', { name: 'Sync Gym' }));
  const invited = ok(
    'inviting',
    await world
      .as(owner)
      .post(`/organizations/${organization.organization.id}/invitations`, { email: 'sync-invitee@example.com', role: 'coach' }),
  );
  const ticket = new URL(emulator.sentEmails('sync-invitee@example.com')[0]?.url ?? '').searchParams.get('ticket');

  const deletedHeld = await createUser('sync-deleted-held'); // 1
  const missing = await createUser('sync-missing'); // 2: held
  const deletedDelivered = await createUser('sync-deleted-delivered'); // 3
  const stale = await createUser('sync-stale'); // 4
  const invitee = await change(async () => {
    // 5: held — the invitee signs up through the e-mailed ticket while deliveries fail.
    const response = await fetch(`${emulator.url}/v1/client/sign_ups`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ strategy: 'ticket', ticket, password: 'sync-invitee-password-1' }),
    });
    return ok('signing up with the ticket', { status: response.status, body: await response.json() }).created_user_id as string;
  });
  await rename(deletedHeld); // 6
  const kept = await createUser('sync-kept'); // 7
  const staleEmail = 'sync-stale-renamed@example.com';
  await change(async () =>
    ok(
      'changing the email',
      await admin('POST', '/v1/email_addresses', { user_id: stale, email_address: staleEmail, verified: true, primary: true }),
    ),
  ); // 8: held
  await deleteUser(deletedDelivered); // 9
  await rename(kept); // 10
  await deleteUser(deletedHeld); // 11: held
  emulator.setDeliveryMode({ hold: false });
  await emulator.whenDeliveredExceptHeld();

  t.is(emulator.heldCount(), 4, 'a third of the twelve deliveries is held back');
  t.true(
    emulator.deliveries().every((delivery) => delivery.status === 200),
    'the others reached the service',
  );
  return {
    ids: { owner, missing, stale, kept, invitee, deletedDelivered, deletedHeld },
    staleEmail,
    inviteeMembershipId: invited.membership.id as string,
  };
};

/** The store holds exactly the provider's users, as the provider has them now; the others are soft-deleted. */
const assertStoreMatchesProvider = async (t: ExecutionContext, emulator: IdpEmulator, story: Story, database: { DATA_DIR: string }) => {
  const providerUsers = ok('listing users', await adminFetch(emulator, 'GET', '/v1/users?limit=500')) as Array<{
    id: string;
    image_url: string;
    updated_at: number;
    primary_email_address_id: string;
    email_addresses: Array<{ id: string; email_address: string }>;
  }>;
  const persistence = await createPersistence({ kind: 'pglite', dataDir: `${database.DATA_DIR}/pglite` });
  try {
    const live: User[] = [];
    for (
      let page = await persistence.users.listLive(null, 2);
      page.length > 0;
      page = await persistence.users.listLive(page[page.length - 1]!.idpId, 2)
    )
      live.push(...page);
    t.deepEqual(
      live
        .map(({ idpId, email, imageUrl, idpUpdatedAt }) => ({ idpId, email, imageUrl, idpUpdatedAt }))
        .sort((a, b) => a.idpId.localeCompare(b.idpId)),
      providerUsers
        .map((user) => ({
          idpId: user.id,
          email: user.email_addresses.find((address) => address.id === user.primary_email_address_id)?.email_address ?? null,
          imageUrl: user.image_url,
          idpUpdatedAt: user.updated_at,
        }))
        .sort((a, b) => a.idpId.localeCompare(b.idpId)),
      'every provider user, as the provider has it now, and no other live user',
    );
    t.is(live.find((user) => user.idpId === story.ids.stale)?.email, story.staleEmail as User['email']);
    for (const gone of [story.ids.deletedHeld, story.ids.deletedDelivered]) {
      t.not(O.toNullable(await persistence.users.findByIdpId(gone as IdpUserId))?.deletedAt ?? null, null, `${gone} is soft-deleted`);
    }
    const invitee = live.find((user) => user.idpId === story.ids.invitee);
    t.like(O.toNullable(await persistence.memberships.findById(story.inviteeMembershipId as MembershipId)), {
      status: 'active',
      role: 'coach',
      userId: invitee?.id,
    });
  } finally {
    await persistence.close();
  }
};

const syncCli = (world: EmulatedService, dataDir: string) =>
  run(process.execPath, [ENTRY_POINTS.syncUsers], {
    env: { PATH: process.env['PATH'] ?? '', ...providerEnv(world.emulator, { DATA_DIR: dataDir, LOG_LEVEL: 'warn' }) },
  });

test.serial('npm run sync:users repairs a store that missed a third of the deliveries; a second run changes nothing', async (t) => {
  const world = await startEmulatedService();
  t.context = { world };
  const story = await missThirdOfDeliveries(t, world);
  const dataDir = world.service.dataDir;
  // The embedded database belongs to one process at a time: the CLI runs once the service has stopped.
  await world.service.server.close();

  const first = await syncCli(world, dataDir);
  t.is(first.stdout, 'created 2, updated 1, deleted 1, invitations accepted 1, unchanged 2\n');
  t.deepEqual(
    first.stderr.trim().split('\n'),
    ['provider users: 5/5', 'local users checked: 6'],
    'plain progress lines when not on a terminal',
  );
  await assertStoreMatchesProvider(t, world.emulator, story, { DATA_DIR: dataDir });

  const second = await syncCli(world, dataDir);
  t.is(second.stdout, 'created 0, updated 0, deleted 0, invitations accepted 0, unchanged 5\n');
});

test.serial('a sync in the running server while the held deliveries arrive converges; the next run changes nothing', async (t) => {
  const world = await startEmulatedService();
  t.context = { world };
  const story = await missThirdOfDeliveries(t, world);
  const { emulator, service } = world;

  // The late webhooks and the sync race for the same users: both go through the same guarded writes.
  const [summary] = await Promise.all([service.server.syncUsers(), (async () => emulator.releaseHeld('shuffle'))()]);
  await emulator.whenSettled();
  t.true(
    emulator.deliveries().every((delivery) => delivery.status === 200),
    'no late delivery failed',
  );
  t.is(summary.created + summary.unchanged + summary.updated, 5, 'every provider user looked at once');

  t.deepEqual(await service.server.syncUsers(), {
    created: 0,
    updated: 0,
    deleted: 0,
    invitationsAccepted: 0,
    unchanged: 5,
    stopped: false,
  });
  const me = ok('the invitee reading /users/me', await world.as(story.ids.invitee).get('/users/me'));
  t.like(me.memberships, [{ id: story.inviteeMembershipId, role: 'coach', status: 'active' }]);
  t.is((await world.as(story.ids.deletedHeld).get('/users/me')).status, 410);

  await service.server.close();
  await assertStoreMatchesProvider(t, emulator, story, { DATA_DIR: service.dataDir });
});
