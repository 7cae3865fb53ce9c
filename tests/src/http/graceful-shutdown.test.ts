import test from 'ava';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startVendorStandIn } from '@idv/adapters-observability/testing';
import { startServiceProcess } from '../e2e/environment/service-process.js';
import { startTestProvider } from '../support/test-provider.js';

const isShuttingDown = (line: string): boolean => {
  try {
    return (JSON.parse(line) as { msg?: unknown }).msg === 'shutting down';
  } catch {
    return false;
  }
};

test('a request in flight when SIGTERM arrives still gets its answer, its analytics are flushed, then the process exits 0', async (t) => {
  const [provider, posthog] = await Promise.all([startTestProvider(), startVendorStandIn()]);
  const dataDir = mkdtempSync(join(tmpdir(), 'idv-drain-'));
  try {
    const service = await startServiceProcess({
      provider,
      dataDir,
      env: { POSTHOG_API_KEY: 'phc_stand_in_project', POSTHOG_HOST: posthog.url },
    });
    // The recovery path of /users/me asks the provider for the user: held there, the request is in flight.
    provider.putUser({ id: 'user_inflight1', email: 'inflight@example.com' });
    const held = provider.holdNext();
    const token = await provider.mintToken('user_inflight1');
    const answer = fetch(`${service.url}/users/me`, { headers: { authorization: `Bearer ${token}` } });
    await held.arrived;
    const shuttingDown = service.process.nextLine(isShuttingDown);
    const exited = service.process.stop();
    await shuttingDown;
    // Stopped taking requests: a new connection is refused while the held one is still open.
    await t.throwsAsync(fetch(`${service.url}/health`));
    held.release();
    const response = await answer;
    t.is(response.status, 200);
    t.like(await response.json(), { user: { idpId: 'user_inflight1' } });
    t.is(await exited, 0);
    // The sign-up it tracked was queued in memory; the shutdown flushed it before exiting.
    t.deepEqual(
      posthog.postHogEvents().map((event) => [event.event, event.distinct_id]),
      [
        ['$identify', 'user_inflight1'],
        ['user_signed_up', 'user_inflight1'],
      ],
    );
  } finally {
    await Promise.all([provider.close(), posthog.close()]);
    rmSync(dataDir, { recursive: true, force: true });
  }
});
