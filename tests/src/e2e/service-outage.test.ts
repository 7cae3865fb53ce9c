import anyTest, { type TestFn } from 'ava';
import { assertConverged, undeliveredMessages } from '../support/e2e-convergence.js';
import { loadE2eState } from './environment/e2e-state.js';
import { startProcessPair, type ProcessPair } from './environment/process-pair.js';

// Stopping a service would break the other specs, so this file runs its own emulator and service.
const test = anyTest as TestFn<{ pair: ProcessPair }>;

test.before(async (t) => {
  loadE2eState(); // e2e specs run only inside the e2e run (npm test), never on their own
  t.context = { pair: await startProcessPair({ timeScale: 0.001 }) };
});
test.after.always(async (t) => {
  await t.context.pair?.close();
});

test('changes made while the service is down are retried and converge once it is back on the same port and database', async (t) => {
  const { pair } = t.context;
  const { provider } = pair;
  const before = await provider.createUser('outage-before@example.com');
  await provider.waitSettled();
  const port = pair.service().port;

  await pair.stopService();
  const created = await provider.createUser('outage-created@example.com');
  const shortLived = await provider.createUser('outage-short-lived@example.com');
  await provider.changeEmail(before.id, 'outage-before-renamed@example.com');
  await provider.changeEmail(created.id, 'outage-created-renamed@example.com');
  await provider.deleteUser(shortLived.id);

  const restarted = await pair.restartService();
  t.is(restarted.port, port);
  await provider.waitSettled(120_000);

  const deliveries = await provider.deliveries();
  t.true(
    deliveries.some((d) => d.status === 'network-error'),
    'some attempts failed with connection errors while the service was down',
  );
  t.true(
    deliveries.some((d) => d.attempt > 1 && d.status === 200),
    'retries delivered them after the restart',
  );
  t.deepEqual(undeliveredMessages(deliveries), []);
  await assertConverged(t, provider, restarted.url, [before.id, created.id, shortLived.id]);
});
