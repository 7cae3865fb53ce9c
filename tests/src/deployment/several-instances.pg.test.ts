import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrationNames } from '@idv/adapters-persistence';
import { startIdpEmulator, type IdpEmulator } from '@idv/idp-emulator';
import anyTest, { type TestFn } from 'ava';
import { startServiceProcess, type ServiceProcess } from '../e2e/environment/service-process.js';
import { reportPostgresNotRun, testDatabaseUrl } from '../persistence/support/backends.js';
import { createScratchDatabase, runOnce, type ScratchDatabase } from '../persistence/support/scratch-database.js';
import { emulatorClient, type EmulatorClient } from '../support/e2e-emulator-client.js';
import { apiForSession, signedInMember } from '../support/e2e-members.js';
import { redisKeys, reportRedisNotRun, TEST_REDIS_URL, uniqueKeyPrefix } from '../support/redis.js';
import { startRoundRobinProxy, type RoundRobinProxy } from '../support/round-robin-proxy.js';
import { fullRoster } from '../support/service-api.js';

// Several instances of the service behave as one. Two service processes start together on
// one fresh PostgreSQL database and one Redis, behind a round-robin proxy on loopback; the provider
// emulator delivers its webhooks through the proxy (so to both), and every API call goes through it.
interface World {
  readonly scratch: ScratchDatabase;
  readonly emulator: IdpEmulator;
  readonly provider: EmulatorClient;
  readonly instances: readonly ServiceProcess[];
  readonly proxy: RoundRobinProxy;
  readonly keyPrefix: string;
  readonly workDir: string;
}

const test = anyTest.serial as TestFn<World>;
const url = testDatabaseUrl();
/** Public requests per minute per client address: above what the emulator's deliveries here spend. */
const PUBLIC_BUDGET = 60;

/** A GET through the proxy from another loopback address (127.0.0.2), as a second client would send it. */
const getFromSecondClient = (base: string, path: string): Promise<number> =>
  new Promise((resolve, reject) => {
    const call = request(new URL(path, base), { localAddress: '127.0.0.2' }, (answer) => {
      answer.resume();
      answer.on('end', () => resolve(answer.statusCode ?? 0));
    });
    call.on('error', reject);
    call.end();
  });

const redisUrl = TEST_REDIS_URL;
if (url === undefined) {
  reportPostgresNotRun('two instances on one PostgreSQL database did not run: TEST_DATABASE_URL is unset');
} else if (redisUrl === undefined) {
  reportRedisNotRun(
    'two instances on one PostgreSQL database and one Redis (TEST_REDIS_URL is unset and no Redis answers on 127.0.0.1:6379)',
  );
} else {
  test.before(async (t) => {
    const scratch = await createScratchDatabase(url);
    const workDir = mkdtempSync(join(tmpdir(), 'idv-instances-'));
    const emulator = await startIdpEmulator({ timeScale: 0.001 });
    const keyPrefix = uniqueKeyPrefix('instances');
    const env = {
      DATABASE_URL: scratch.url,
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: keyPrefix,
      TRUSTED_PROXY_HOPS: '1',
      PUBLIC_RATE_LIMIT_POINTS: String(PUBLIC_BUDGET),
      TEST_AUTH_BYPASS: 'false',
    };
    // The same moment: both processes are spawned before either is awaited, each migrating on start.
    const started = await Promise.allSettled(
      ['a', 'b'].map((name) => startServiceProcess({ provider: emulator, dataDir: join(workDir, name), env })),
    );
    const instances = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    const failures = started.flatMap((result) => (result.status === 'rejected' ? [String(result.reason)] : []));
    const proxy = await startRoundRobinProxy(instances.map((instance) => instance.url));
    t.context = { scratch, emulator, provider: emulatorClient(emulator), instances, proxy, keyPrefix, workDir };
    if (failures.length > 0) throw new Error(`an instance did not come up: ${failures.join('; ')}`);
    emulator.setWebhookUrl(`${proxy.url}/webhooks/idp`);
  });

  test.after.always(async (t) => {
    const { proxy, instances, emulator, scratch, workDir } = t.context;
    await proxy?.close();
    for (const instance of instances ?? []) await instance.process.stop();
    await emulator?.close();
    await scratch?.drop();
    if (workDir !== undefined) rmSync(workDir, { recursive: true, force: true });
  });

  test('two instances started together on an empty database both come up, and the schema is migrated once', async (t) => {
    const { instances, scratch } = t.context;
    t.is(instances.length, 2);
    for (const instance of instances) t.is((await fetch(`${instance.url}/health/ready`)).status, 200);
    const rows = await runOnce(scratch.url, 'select name, count(*)::int as n from mikro_orm_migrations group by name order by name');
    t.deepEqual(
      rows.rows,
      (await migrationNames()).map((name) => ({ name, n: 1 })),
    );
  });

  test('behind the proxy, users created at the provider converge: both instances answer the same /users/me, updates included', async (t) => {
    const { provider, proxy, instances } = t.context;
    await provider.setDeliveryMode({ duplicate: true });
    t.teardown(() => provider.setDeliveryMode({ duplicate: false }));
    const members = [];
    for (let n = 0; n < 4; n += 1) members.push(await signedInMember(provider, proxy.url, `converge${n}@example.com`));
    await provider.changeEmail(members[0]!.idpId, 'converge0-new@example.com');
    await provider.waitSettled();

    const webhooksPerInstance = proxy.forwarded.map((paths) => paths.filter((path) => path === 'POST /webhooks/idp').length);
    t.true(
      webhooksPerInstance.every((count) => count > 0),
      `webhooks reached both instances: ${webhooksPerInstance.join(', ')}`,
    );
    const delivered = (await provider.deliveries()).filter((delivery) => delivery.status !== 200);
    t.deepEqual(delivered, [], 'every delivery, duplicates included, was answered 200');

    for (const member of members) {
      const answers = await Promise.all(
        [proxy.url, ...instances.map((instance) => instance.url)].map((base) =>
          apiForSession(provider, base, member.sessionId).get('/users/me'),
        ),
      );
      t.deepEqual(
        answers.map((answer) => answer.status),
        [200, 200, 200],
      );
      t.deepEqual(answers[1]!.body, answers[0]!.body);
      t.deepEqual(answers[2]!.body, answers[0]!.body);
      t.is(answers[0]!.body.user.idpId, member.idpId);
    }
    const renamed = await apiForSession(provider, instances[1]!.url, members[0]!.sessionId).get('/users/me');
    t.is(renamed.body.user.email, 'converge0-new@example.com');
    const users = await runOnce(t.context.scratch.url, `select count(*)::int as n from users where email like 'converge%'`);
    t.is(users.rows[0].n, 4, 'one row per provider user, however many deliveries');
  });

  test('an invitation is accepted exactly once, whichever instance each of the concurrent accepts reaches', async (t) => {
    const { provider, proxy } = t.context;
    const owner = await signedInMember(provider, proxy.url, 'rr-owner@example.com');
    const invitee = await signedInMember(provider, proxy.url, 'rr-invitee@example.com');
    const created = await owner.api.post('/organizations', { name: 'Round Robin Gym' });
    t.is(created.status, 201);
    const orgId = created.body.organization.id as string;
    const invited = await owner.api.post(`/organizations/${orgId}/invitations`, { email: invitee.email, role: 'coach' });
    t.is(invited.status, 201);
    const invitationId = invited.body.invitation.id as string;

    const attempts = await Promise.all(Array.from({ length: 8 }, () => invitee.api.post('/invitations/accept', { invitationId })));
    const statuses = attempts.map((attempt) => attempt.status);
    t.is(statuses.filter((status) => status === 200).length, 1, `one accept wins: ${statuses.join(', ')}`);
    t.true(
      statuses.every((status) => status === 200 || status === 409),
      statuses.join(', '),
    );

    const roster = await fullRoster(owner.api, orgId);
    t.deepEqual(
      roster.filter((row) => row.email === invitee.email).map((row) => [row.role, row.status]),
      [['coach', 'active']],
    );
    const audit = await owner.api.get(`/organizations/${orgId}/audit`);
    t.is((audit.body.items as Array<{ action: string }>).filter((entry) => entry.action === 'invitation.accepted').length, 1);
  });

  test('path 1 behind the proxy: a sign-up delivered twice (to both instances) accepts the invitation once', async (t) => {
    const { provider, proxy } = t.context;
    const owner = await signedInMember(provider, proxy.url, 'rr-path1-owner@example.com');
    const created = await owner.api.post('/organizations', { name: 'Round Robin Studio' });
    const orgId = created.body.organization.id as string;
    const email = 'rr-newcomer@example.com';
    const invited = await owner.api.post(`/organizations/${orgId}/invitations`, { email, role: 'member' });
    t.is(invited.status, 201);
    const [sent] = await provider.emails(email);
    const ticket = (await provider.providerInvitation(sent!.invitation_id)).ticket;

    await provider.setDeliveryMode({ duplicate: true });
    t.teardown(() => provider.setDeliveryMode({ duplicate: false }));
    const signUp = await provider.signUpWithTicket(ticket, 'round-robin-password-1');
    await provider.waitSettled();
    const createdDeliveries = (await provider.deliveries()).filter(
      (delivery) => delivery.eventType === 'user.created' && delivery.userId === signUp.created_user_id,
    );
    t.deepEqual(
      createdDeliveries.map((delivery) => delivery.status),
      [200, 200],
    );

    const me = await apiForSession(provider, proxy.url, signUp.created_session_id).get('/users/me');
    t.deepEqual(
      me.body.memberships.map((m: { organizationId: string; status: string }) => [m.organizationId, m.status]),
      [[orgId, 'active']],
    );
    const audit = await owner.api.get(`/organizations/${orgId}/audit`);
    t.is((audit.body.items as Array<{ action: string }>).filter((entry) => entry.action === 'invitation.accepted').length, 1);
  });

  test('the public rate limit is one budget in Redis: what one instance spends, the other refuses', async (t) => {
    const { proxy, keyPrefix } = t.context;
    // A second client (127.0.0.2) spends the whole budget through the proxy, half on each instance.
    const before = proxy.forwarded.map((paths) => paths.length);
    const statuses: number[] = [];
    for (let n = 0; n < PUBLIC_BUDGET; n += 1) statuses.push(await getFromSecondClient(proxy.url, '/.well-known/assetlinks.json'));
    t.deepEqual([...new Set(statuses)], [404], 'within the budget: the app-links file is simply not configured');
    const spent = proxy.forwarded.map((paths, index) => paths.length - before[index]!);
    t.deepEqual(spent, [PUBLIC_BUDGET / 2, PUBLIC_BUDGET / 2]);
    const refused = [
      await getFromSecondClient(proxy.url, '/.well-known/assetlinks.json'),
      await getFromSecondClient(proxy.url, '/.well-known/assetlinks.json'),
    ];
    t.deepEqual(refused, [429, 429], 'both instances refuse once the shared budget is spent');
    t.is((await fetch(`${proxy.url}/.well-known/assetlinks.json`)).status, 404, 'the first client (127.0.0.1) still has its own budget');
    t.true((await redisKeys(redisUrl, keyPrefix)).length > 0, 'the counters live in Redis');
  });
}
