import test from 'ava';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { devBanner, devIdpFilePath, startServer } from '@idv/server';
import { LogCapture } from '../support/log-capture.js';

const run = promisify(execFile);

test('with no provider configured, the service runs the emulators in-process and the printed commands (a user, then a PayTR payment) work when pasted', async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'idv-dev-'));
  const server = await startServer(
    { PORT: '0', IDP_EMULATOR_PORT: '0', PAYMENTS_EMULATOR_PORT: '0', DATA_DIR: dataDir },
    { logDestination: new LogCapture() },
  );
  try {
    t.truthy(server.emulator);
    t.truthy(server.paymentsEmulator);
    t.deepEqual(server.config.payments.enabledProviders, ['iyzico', 'paytr']);
    const devFile = JSON.parse(readFileSync(devIdpFilePath(dataDir), 'utf8')) as Record<string, string>;
    t.deepEqual(devFile, {
      serviceUrl: server.url,
      emulatorUrl: server.emulator!.url,
      secretKey: server.emulator!.secretKey,
      paymentsEmulatorUrl: server.paymentsEmulator!.url,
    });
    t.is(statSync(devIdpFilePath(dataDir)).mode & 0o777, 0o600);

    const commands = devBanner(server)
      .split('\n')
      .filter((line) => line !== '' && !line.startsWith('#') && !/^(Service|Try it|Or run)/.test(line));
    const { stdout } = await run('bash', ['-euo', 'pipefail', '-c', commands.join('\n')]);
    const [meLine, iframeLine, paidLine, paymentsLine, endpointLine] = stdout.trim().split('\n');
    const me = JSON.parse(meLine!) as { user: { email: string; idpId: string }; memberships: unknown[] };
    t.is(me.user.email, 'ada@example.com');
    t.deepEqual(me.memberships, []);
    t.regex(iframeLine!, new RegExp(`^PayTR iFrame: ${server.paymentsEmulator!.url}/odeme/guvenli/[A-Za-z0-9]+ `));
    t.like(JSON.parse(paidLine!), { status: 'success', firstDelivery: { status: 200, reply: 'OK', accepted: true } });
    t.like(JSON.parse(paymentsLine!), {
      items: [{ provider: 'paytr', status: 'succeeded', amountMinor: 15000, paidAmountMinor: 15000 }],
      nextCursor: null,
    });
    const registered = JSON.parse(endpointLine!) as { endpoint: { url: string; eventTypes: unknown[] }; secret: string };
    t.like(registered.endpoint, { url: 'http://127.0.0.1:9000/hooks', eventTypes: [] });
    t.regex(registered.secret, /^whsec_/);
    await server.emulator!.whenSettled();
    t.true(server.emulator!.deliveries().some((d) => d.eventType === 'user.created' && d.userId === me.user.idpId && d.status === 200));
  } finally {
    await server.close();
  }
  t.false(existsSync(devIdpFilePath(dataDir)), 'the dev file goes away with the server');
  rmSync(dataDir, { recursive: true, force: true });
});
