import anyTest, { type TestFn } from 'ava';
import { serviceDatabases, type ServiceDatabase } from '../persistence/support/backends.js';
import { startCountingProxy, type CountingProxy } from '../support/counting-proxy.js';
import { startEmulatedService, type EmulatedService } from '../support/emulated-service.js';
import { persona } from '../support/service-api.js';

// Two identical invitations at once over real sockets: one 201 and one 409, never a 500; and a
// provider that cannot mail the ticket answers 503 with Retry-After, keeping nothing, so a retry works.
const test = anyTest as TestFn;
const databases = serviceDatabases('the PostgreSQL concurrent-invitation cases did not run: TEST_DATABASE_URL is not set');

/** The service whose provider calls go through a proxy that can refuse them, on the backend's database. */
const startBehindProxy = async (database: ServiceDatabase): Promise<{ world: EmulatedService; proxy: CountingProxy }> => {
  let proxy: CountingProxy | undefined;
  const world = await startEmulatedService(database.env(), {}, async (emulator) => {
    proxy = await startCountingProxy(emulator.url);
    return { IDP_API_URL: proxy.url };
  });
  return { world, proxy: proxy! };
};

const PAIRS = 6;

for (const database of databases) {
  const backend = database.label;
  test.serial(
    `${backend}: of two identical invitations sent at once, one is created (201) and the other is 409 InvitationAlreadyPending, on both paths`,
    async (t) => {
      const world = await startEmulatedService(database.env());
      t.teardown(() => world.close());
      const tag = backend.toLowerCase();
      const ownerId = await world.seedUser(`dup-owner-${tag}@example.com`);
      const owner = world.as(ownerId);
      const created = await owner.post('/organizations', { name: `Duplicates ${backend}` });
      const orgId = created.body.organization.id as string;
      const known = [];
      for (let i = 0; i < PAIRS / 2; i += 1) {
        const email = `dup-known${i}-${tag}@example.com`;
        await world.seedUser(email);
        known.push(email);
      }
      const unknown = Array.from({ length: PAIRS / 2 }, (_, i) => `dup-new${i}-${tag}@example.com`);
      const answers = await Promise.all(
        [...known, ...unknown].map((email) =>
          Promise.all([0, 1].map(() => owner.post(`/organizations/${orgId}/invitations`, { email, role: 'member' }))),
        ),
      );
      for (const [index, pair] of answers.entries()) {
        const what = `${[...known, ...unknown][index]}: ${pair.map((a) => `${a.status} ${a.body?.code ?? ''}`).join(', ')}`;
        t.deepEqual(pair.map((a) => a.status).sort(), [201, 409], what);
        t.is(pair.find((a) => a.status === 409)?.body.code, 'InvitationAlreadyPending', what);
      }
      const listed = await owner.get(`/organizations/${orgId}/invitations?limit=200`);
      t.is(
        listed.body.items.filter((item: { status: string }) => item.status === 'pending').length,
        PAIRS,
        'one pending invitation per address',
      );
      const roster = await owner.get(`/organizations/${orgId}/members?limit=200`);
      t.is(roster.body.items.length, 1 + PAIRS, 'the owner plus one waiting membership per address: the losers left none');
    },
  );

  test.serial(
    `${backend}: a provider that cannot mail the invitation answers 503 with Retry-After and keeps nothing pending; the retry is 201`,
    async (t) => {
      const { world, proxy } = await startBehindProxy(database);
      t.teardown(async () => {
        await world.close();
        await proxy.close();
      });
      const tag = backend.toLowerCase();
      const ownerId = await world.seedUser(`mail-owner-${tag}@example.com`);
      const owner = world.as(ownerId);
      const orgId = (await owner.post('/organizations', { name: `Mail ${backend}` })).body.organization.id as string;
      const invite = async () =>
        fetch(`${world.service.url}/organizations/${orgId}/invitations`, {
          method: 'POST',
          headers: { ...(await persona(ownerId)()), 'content-type': 'application/json' },
          body: JSON.stringify({ email: `mail-new-${tag}@example.com`, role: 'coach' }),
        });
      proxy.failing = (request) => request === 'POST /v1/invitations';
      const refused = await invite();
      t.is(refused.status, 503);
      t.truthy(refused.headers.get('retry-after'));
      t.is(((await refused.json()) as { code: string }).code, 'IdentityProviderUnavailable');
      const afterRefusal = await owner.get(`/organizations/${orgId}/invitations`);
      t.deepEqual(
        afterRefusal.body.items.map((item: { status: string }) => item.status),
        ['revoked'],
        'the stored invitation was revoked again',
      );

      proxy.failing = undefined;
      const retried = await invite();
      t.is(retried.status, 201);
      const listed = await owner.get(`/organizations/${orgId}/invitations`);
      t.deepEqual(
        listed.body.items.map((item: { status: string }) => item.status),
        ['pending', 'revoked'],
      );
      t.is(proxy.count('POST /v1/invitations'), 2, 'one refused mail, one sent');
    },
  );
}
