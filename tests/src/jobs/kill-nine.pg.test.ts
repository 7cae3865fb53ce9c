import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startIdpEmulator } from '@idv/idp-emulator';
import { adminFetch } from '@idv/idp-emulator/testing';
import test from 'ava';
import { startServiceProcess, type ServiceProcess } from '../e2e/environment/service-process.js';
import { reportPostgresNotRun, testDatabaseUrl } from '../persistence/support/backends.js';
import { createScratchDatabase, runOnce } from '../persistence/support/scratch-database.js';
import { startCountingProxy } from '../support/counting-proxy.js';
import { persona, serviceApi } from '../support/service-api.js';
import { eventually } from '../support/eventually.js';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.js';

// A crash between a commit and its follow-ups loses neither: the service runs as its own process on
// PostgreSQL, is killed with SIGKILL while an event delivery and a provider-user deletion are both in
// flight (the receiver and the provider hold their answers, so the kill surely lands before either
// finished), and is started again. The jobs of the killed process are still `active`; once their lease
// (JOBS_LEASE_SECONDS) runs out the new process retries them.
const url = testDatabaseUrl();

if (url === undefined) {
  reportPostgresNotRun('PostgreSQL: a kill -9 between a commit and its follow-ups (TEST_DATABASE_URL is unset)');
} else {
  test('PostgreSQL: after a kill -9 mid-delivery and a restart, the event arrives once per endpoint and the provider user is deleted', async (t) => {
    const scratch = await createScratchDatabase(url);
    const dataDir = mkdtempSync(join(tmpdir(), 'idv-kill-nine-'));
    const emulator = await startIdpEmulator({ timeScale: 0.001 });
    // The service reaches the provider through a proxy that can hold the user deletion unanswered.
    const provider = await startCountingProxy(emulator.url);
    const receivers: WebhookReceiver[] = [await startWebhookReceiver(), await startWebhookReceiver()];
    // Both processes must open the endpoint secrets the first one sealed.
    const secretsKey = randomBytes(32).toString('base64url');
    let service: ServiceProcess | undefined;
    t.teardown(async () => {
      await service?.process.stop();
      for (const receiver of receivers) await receiver.close();
      await provider.close();
      await emulator.close();
      await scratch.drop();
      rmSync(dataDir, { recursive: true, force: true });
    });
    const start = (port?: number) =>
      startServiceProcess({
        provider: { ...emulator, url: provider.url },
        dataDir,
        ...(port === undefined ? {} : { port }),
        env: {
          DATABASE_URL: scratch.url,
          WEBHOOK_ENDPOINT_ALLOW_PRIVATE: 'true',
          WEBHOOK_SECRETS_KEY: secretsKey,
          JOBS_LEASE_SECONDS: '2',
          JOBS_RETRY_DELAY_SECONDS: '1',
          JOBS_POLL_INTERVAL_SECONDS: '0.5',
        },
      });
    service = await start();
    const port = service.port;
    emulator.setWebhookUrl(`${service.url}/webhooks/idp`);
    const seed = async (email: string): Promise<string> => {
      const created = await adminFetch(emulator, 'POST', '/v1/users', { email_address: [email] });
      await emulator.whenSettled(60_000);
      return created.body.id as string;
    };
    const ownerId = await seed('kill-owner@example.com');
    const leaverId = await seed('kill-leaver@example.com');
    const owner = serviceApi(service.url, persona(ownerId));
    const organization = await owner.post('/organizations', { name: 'Kill Nine Gym' });
    t.is(organization.status, 201);
    const orgId = organization.body.organization.id as string;
    // The owner's own membership.created is recorded before the endpoints exist, so it reaches none.
    for (const receiver of receivers) {
      const endpoint = await owner.post(`/organizations/${orgId}/webhook-endpoints`, {
        url: `${receiver.url}/hooks`,
        eventTypes: ['membership.created'],
      });
      t.is(endpoint.status, 201, JSON.stringify(endpoint.body));
      receiver.secret = endpoint.body.secret as string;
    }

    // The first receiver holds its first delivery; the provider holds the first user deletion.
    receivers[0]!.answer('hang');
    provider.holding = (request) => request === `DELETE /v1/users/${leaverId}`;
    const invited = await owner.post(`/organizations/${orgId}/invitations`, { email: 'kill-invitee@example.com', role: 'member' });
    t.is(invited.status, 201);
    t.is((await serviceApi(service.url, persona(leaverId)).delete('/users/me')).status, 204);
    await Promise.all([receivers[0]!.whenReceived(1), provider.whenHeld(1)]);
    await service.process.kill();

    provider.holding = undefined;
    service = await start(port);
    const [[held, redelivered]] = await Promise.all([receivers[0]!.whenReceived(2), receivers[1]!.whenReceived(1)]);
    t.is(redelivered?.headers['webhook-id'], held?.headers['webhook-id'], 'the held delivery is made again, under the same webhook-id');
    for (const receiver of receivers) {
      t.true(
        receiver.received.every((delivery) => delivery.verified?.standardwebhooks === true && delivery.verified.svix),
        'every delivery verifies',
      );
      const events = receiver.received.map(
        (delivery) => JSON.parse(delivery.body) as { id: string; type: string; data: { email?: string } },
      );
      t.deepEqual(
        [...new Map(events.map((event) => [event.id, event.type])).values()],
        ['membership.created'],
        'deduplicated by webhook-id, each endpoint got the one event once',
      );
    }
    t.is(receivers[1]!.ids()[0], receivers[0]!.ids()[0], 'both endpoints got the same event');
    const states = async () =>
      (
        await runOnce(
          scratch.url,
          `select distinct name || ' ' || state as job from pgboss.job where name in ('events.deliver', 'identity.delete-provider-user') order by 1`,
        )
      ).rows.map((row: { job: string }) => row.job);
    t.deepEqual(
      await eventually(states, (jobs) => jobs.every((job) => job.endsWith(' completed')), 60_000),
      ['events.deliver completed', 'identity.delete-provider-user completed'],
      'the delivery jobs and the deletion job of the killed process ended completed',
    );
    t.is(provider.count(`DELETE /v1/users/${leaverId}`), 2, 'the deletion held at the kill was made again');
    t.is((await adminFetch(emulator, 'GET', `/v1/users/${leaverId}`)).status, 404, 'the provider user is gone');
  });
}
