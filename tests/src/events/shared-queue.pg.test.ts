import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startIdpEmulator } from '@idv/idp-emulator';
import { adminFetch } from '@idv/idp-emulator/testing';
import { startPaymentsEmulator } from '@idv/payments-emulator';
import test from 'ava';
import { startServiceProcess, type ServiceProcess } from '../e2e/environment/service-process.js';
import { reportPostgresNotRun, testDatabaseUrl } from '../persistence/support/backends.js';
import { createScratchDatabase, runOnce } from '../persistence/support/scratch-database.js';
import { eventually } from '../support/eventually.js';
import { paymentsEmulatorEnv } from '../support/payments-emulator-env.js';
import { persona, serviceApi } from '../support/service-api.js';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.js';

// Two service processes on one PostgreSQL database share one job queue: each takes deliveries from
// it, yet every event reaches each endpoint once, and the periodic payment sweep runs on one of them
// at a time, once per period, however many instances schedule it.
const url = testDatabaseUrl();
const CHANGES = 50;
const SWEEP_SECONDS = 1;

if (url === undefined) {
  reportPostgresNotRun('PostgreSQL: two instances sharing one job queue (TEST_DATABASE_URL is unset)');
} else {
  test('PostgreSQL: two instances on one queue deliver each of 50 membership changes once per endpoint, and run one sweep per period', async (t) => {
    const scratch = await createScratchDatabase(url);
    const workDir = mkdtempSync(join(tmpdir(), 'idv-shared-queue-'));
    const emulator = await startIdpEmulator({ timeScale: 0.001 });
    const payments = await startPaymentsEmulator({});
    const receivers: WebhookReceiver[] = [await startWebhookReceiver(), await startWebhookReceiver()];
    const instances: ServiceProcess[] = [];
    t.teardown(async () => {
      for (const instance of instances) await instance.process.stop();
      for (const receiver of receivers) await receiver.close();
      await payments.close();
      await emulator.close();
      await scratch.drop();
      rmSync(workDir, { recursive: true, force: true });
    });
    const env = {
      DATABASE_URL: scratch.url,
      WEBHOOK_ENDPOINT_ALLOW_PRIVATE: 'true',
      // One key for the fleet: an endpoint's secret sealed by one instance is opened by the other.
      WEBHOOK_SECRETS_KEY: randomBytes(32).toString('base64url'),
      JOBS_POLL_INTERVAL_SECONDS: '0.5',
      ...paymentsEmulatorEnv(payments),
      PAYMENT_SWEEP_INTERVAL_SECONDS: String(SWEEP_SECONDS),
    };
    // Started together, as a fleet's rollout does: both create the queues and schedule the sweep.
    instances.push(
      ...(await Promise.all(['a', 'b'].map((name) => startServiceProcess({ provider: emulator, dataDir: join(workDir, name), env })))),
    );
    emulator.setWebhookUrl(`${instances[0]!.url}/webhooks/idp`);
    const seed = async (email: string): Promise<string> => {
      const created = await adminFetch(emulator, 'POST', '/v1/users', { email_address: [email] });
      await emulator.whenSettled(60_000);
      return created.body.id as string;
    };
    const ownerId = await seed('shared-owner@example.com');
    const memberId = await seed('shared-member@example.com');
    const ownerOn = (index: number) => serviceApi(instances[index % 2]!.url, persona(ownerId));
    const organization = await ownerOn(0).post('/organizations', { name: 'Shared Queue Gym' });
    const orgId = organization.body.organization.id as string;
    const invited = await ownerOn(0).post(`/organizations/${orgId}/invitations`, { email: 'shared-member@example.com', role: 'member' });
    const accepted = await serviceApi(instances[1]!.url, persona(memberId)).post('/invitations/accept', {
      invitationId: invited.body.invitation.id,
    });
    t.is(accepted.status, 200, JSON.stringify(accepted.body));
    const membershipId = accepted.body.membership.id as string;
    // The events so far are recorded before the endpoints exist, so they reach neither.
    const pendingEventJobs = async () =>
      Number(
        (
          await runOnce(
            scratch.url,
            `select count(*)::int as n from pgboss.job where name in ('events.fan-out', 'events.deliver') and state <> 'completed'`,
          )
        ).rows[0].n,
      );
    t.is(await eventually(pendingEventJobs, (n) => n === 0), 0);
    for (const [index, receiver] of receivers.entries()) {
      const endpoint = await ownerOn(index).post(`/organizations/${orgId}/webhook-endpoints`, {
        url: `${receiver.url}/hooks`,
        eventTypes: ['membership.updated'],
      });
      t.is(endpoint.status, 201, JSON.stringify(endpoint.body));
      receiver.secret = endpoint.body.secret as string;
    }

    // Each change through the other instance than the last; each one membership.updated.
    for (let n = 0; n < CHANGES; n += 1) {
      const changed = await ownerOn(n).patch(`/organizations/${orgId}/members/${membershipId}`, { role: n % 2 === 0 ? 'coach' : 'member' });
      t.is(changed.status, 200);
    }
    await Promise.all(receivers.map((receiver) => receiver.whenReceived(CHANGES)));
    // Once no event job is left, nothing more can arrive: the counts below are final.
    t.is(await eventually(pendingEventJobs, (n) => n === 0), 0);
    for (const receiver of receivers) {
      t.is(receiver.received.length, CHANGES, 'no event was delivered twice to one endpoint');
      t.is(receiver.ids().length, CHANGES, 'each change is its own event');
      t.true(receiver.received.every((delivery) => delivery.verified?.standardwebhooks === true && delivery.verified.svix));
    }
    t.deepEqual([...receivers[1]!.ids()].sort(), [...receivers[0]!.ids()].sort(), 'both endpoints got the same events');

    // The sweep: every run ended before the next started, and the runs are a period apart (two
    // instances each scheduling their own would put two runs in one period).
    const sweeps = async () =>
      (
        await runOnce(
          scratch.url,
          `select extract(epoch from start_after)::float8 as due, extract(epoch from started_on)::float8 as started,
                  extract(epoch from completed_on)::float8 as completed
             from pgboss.job where name = 'payments.sweep' and state = 'completed' order by started_on`,
        )
      ).rows as { due: number; started: number; completed: number }[];
    const runs = await eventually(sweeps, (rows) => rows.length >= 3);
    t.true(runs.length >= 3, `${runs.length} sweeps ran`);
    for (let i = 1; i < runs.length; i += 1) {
      t.true(runs[i]!.started >= runs[i - 1]!.completed, 'a sweep started only after the previous one ended');
      t.true(runs[i]!.due - runs[i - 1]!.due >= SWEEP_SECONDS * 0.9, 'one sweep per period across the two instances');
    }
  });
}
