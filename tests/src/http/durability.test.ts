import anyTest, { type TestFn } from 'ava';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { userCreatedEvent, userDeletedEvent, userUpdatedEvent } from '@idv/core/testing';
import { startTestProvider, type TestProvider } from '../support/test-provider.js';
import { providerEnv, startServiceUnderTest, type ServiceUnderTest } from '../support/service-under-test.js';
import { createScratchDatabase, runOnce, type ScratchDatabase } from '../persistence/support/scratch-database.js';
import { reportPostgresNotRun } from '../persistence/support/backends.js';

// The service's durability on each backend, driven over HTTP like the provider does.
const test = anyTest as TestFn<{ provider: TestProvider; scratch?: ScratchDatabase; dataDir: string }>;
const POSTGRES_URL = process.env['TEST_DATABASE_URL'];

test.before(async (t) => {
  t.context = {
    provider: await startTestProvider(),
    dataDir: mkdtempSync(join(tmpdir(), 'idv-durability-')),
    ...(POSTGRES_URL ? { scratch: await createScratchDatabase(POSTGRES_URL) } : {}),
  };
});
test.after.always(async (t) => {
  await t.context.provider?.close();
  await t.context.scratch?.drop();
  rmSync(t.context.dataDir, { recursive: true, force: true });
});

type Backend = 'PGlite' | 'PostgreSQL';
const backends: Backend[] = POSTGRES_URL ? ['PGlite', 'PostgreSQL'] : ['PGlite'];
if (!POSTGRES_URL) {
  reportPostgresNotRun('the PostgreSQL durability cases did not run: TEST_DATABASE_URL is not set');
}

const envFor = (t: { context: { provider: TestProvider; scratch?: ScratchDatabase; dataDir: string } }, backend: Backend, dir: string) =>
  providerEnv(t.context.provider, backend === 'PostgreSQL' ? { DATABASE_URL: t.context.scratch!.url, DATA_DIR: dir } : { DATA_DIR: dir });

const deliver = (service: ServiceUnderTest, provider: TestProvider, event: Record<string, unknown>, id?: string) => {
  const body = JSON.stringify(event);
  return fetch(`${service.url}/webhooks/idp`, { method: 'POST', headers: provider.sign(body, id ? { id } : {}), body });
};

const me = async (service: ServiceUnderTest, provider: TestProvider, subject: string) =>
  fetch(`${service.url}/users/me`, { headers: { authorization: `Bearer ${await provider.mintToken(subject)}` } });

// A fixed permutation (no random fixtures): a linear congruential shuffle with a constant seed.
const shuffled = <T>(items: readonly T[]): T[] => {
  const result = [...items];
  let seed = 20261122;
  for (let i = result.length - 1; i > 0; i -= 1) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    const j = seed % (i + 1);
    [result[i], result[j]] = [result[j]!, result[i]!];
  }
  return result;
};

for (const backend of backends) {
  test.serial(`${backend}: 50 concurrent deliveries of one user.created leave one user and one sign-up`, async (t) => {
    const service = await startServiceUnderTest(envFor(t, backend, join(t.context.dataDir, `race-${backend}`)));
    try {
      const idpId = `user_race${backend === 'PGlite' ? 'lite' : 'pg'}`;
      const body = JSON.stringify(userCreatedEvent({ id: idpId }));
      const headers = t.context.provider.sign(body);
      const responses = await Promise.all(
        Array.from({ length: 50 }, () => fetch(`${service.url}/webhooks/idp`, { method: 'POST', headers, body })),
      );
      t.deepEqual([...new Set(responses.map((response) => response.status))], [200]);
      const signUps = service.logs.records().filter((r) => r['msg'] === 'analytics track' && r['idpId'] === idpId);
      t.is(signUps.length, 1);
      t.is((await me(service, t.context.provider, idpId)).status, 200);
      if (backend === 'PostgreSQL') {
        const rows = await runOnce(t.context.scratch!.url, 'select count(*)::int as n from users where idp_id = $1', [idpId]);
        t.is(rows.rows[0].n, 1);
      }
    } finally {
      await service.close();
    }
  });

  test.serial(`${backend}: a shuffled replay of created/updated/deleted with duplicates converges to the newest state`, async (t) => {
    const service = await startServiceUnderTest(envFor(t, backend, join(t.context.dataDir, `replay-${backend}`)));
    try {
      const suffix = backend === 'PGlite' ? 'lite' : 'pg';
      const kept = `user_replaykept${suffix}`;
      const gone = `user_replaygone${suffix}`;
      const history = [
        userCreatedEvent({ id: kept, email: 'v1@example.com', updatedAt: 1000 }),
        userUpdatedEvent({ id: kept, email: 'v2@example.com', updatedAt: 2000 }),
        userUpdatedEvent({ id: kept, email: 'v3@example.com', imageUrl: 'https://img.example.com/v3.png', updatedAt: 3000 }),
        userCreatedEvent({ id: gone, updatedAt: 1000 }),
        userUpdatedEvent({ id: gone, email: 'gone2@example.com', updatedAt: 2000 }),
        userDeletedEvent(gone),
      ];
      const deliveries = shuffled(
        [...history, ...history].map((event, index) => ({ event, id: `msg_replay${suffix}${index % history.length}` })),
      );
      for (const { event, id } of deliveries) t.is((await deliver(service, t.context.provider, event, id)).status, 200);
      t.like(await (await me(service, t.context.provider, kept)).json(), {
        user: { email: 'v3@example.com', imageUrl: 'https://img.example.com/v3.png' },
      });
      t.is((await me(service, t.context.provider, gone)).status, 410);
    } finally {
      await service.close();
    }
  });

  test.serial(`${backend}: a restarted server finds the users it stored`, async (t) => {
    const dir = join(t.context.dataDir, `restart-${backend}`);
    const idpId = `user_restart${backend === 'PGlite' ? 'lite' : 'pg'}`;
    const first = await startServiceUnderTest(envFor(t, backend, dir));
    let localId: unknown;
    try {
      await deliver(first, t.context.provider, userCreatedEvent({ id: idpId, email: 'kept@example.com' }));
      localId = ((await (await me(first, t.context.provider, idpId)).json()) as { user: { id: string } }).user.id;
    } finally {
      await first.close();
    }
    const second = await startServiceUnderTest(envFor(t, backend, dir));
    try {
      const response = await me(second, t.context.provider, idpId);
      t.is(response.status, 200);
      t.like(await response.json(), { user: { id: localId, email: 'kept@example.com' } });
    } finally {
      await second.close();
    }
  });
}

if (POSTGRES_URL) {
  test.serial(
    'PostgreSQL: while the database is unreachable webhooks answer 500 and readiness 503; retries converge after it returns',
    async (t) => {
      const scratch = t.context.scratch!;
      const service = await startServiceUnderTest(envFor(t, 'PostgreSQL', join(t.context.dataDir, 'outage')));
      const cutOff = async () => {
        await scratch.admin(`alter database "${scratch.name}" allow_connections false`);
        await scratch.admin('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [
          scratch.name,
        ]);
      };
      try {
        await cutOff();
        const created = userCreatedEvent({ id: 'user_outage1', email: 'outage@example.com', updatedAt: 1000 });
        const updated = userUpdatedEvent({ id: 'user_outage1', email: 'outage2@example.com', updatedAt: 2000 });
        t.is((await deliver(service, t.context.provider, created, 'msg_outage1')).status, 500);
        t.is((await deliver(service, t.context.provider, updated, 'msg_outage2')).status, 500);
        t.is((await fetch(`${service.url}/health/ready`)).status, 503);
        t.is((await fetch(`${service.url}/health`)).status, 200);

        await scratch.admin(`alter database "${scratch.name}" allow_connections true`);
        t.is((await fetch(`${service.url}/health/ready`)).status, 200);
        // The provider retries in its own order: the update first, then the creation.
        t.is((await deliver(service, t.context.provider, updated, 'msg_outage2')).status, 200);
        t.is((await deliver(service, t.context.provider, created, 'msg_outage1')).status, 200);
        t.like(await (await me(service, t.context.provider, 'user_outage1')).json(), { user: { email: 'outage2@example.com' } });
      } finally {
        await scratch.admin(`alter database "${scratch.name}" allow_connections true`);
        await service.close();
      }
    },
  );
}
