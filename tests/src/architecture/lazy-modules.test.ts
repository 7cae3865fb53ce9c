import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import test from 'ava';
import { ROOT } from '../packaging/support/workspace-packages.js';

// Peak RSS (docs/performance.md): a service that configures no vendor never holds its SDK. Importing the
// server must not load them; each adapter requires its SDK when it is created.
const run = promisify(execFile);

const LAZY = ['@sentry/node', 'posthog-node', 'expo-server-sdk', 'undici', 'prom-client', '@opentelemetry/api', '@mikro-orm/migrations'];

test('importing the server loads no vendor SDK, no metrics client and no migrator', async (t) => {
  const probe = `
    const server = ${JSON.stringify(join(ROOT, 'apps', 'server', 'dist', 'index.js'))};
    await import(server);
    const { createRequire } = await import('node:module');
    const loaded = Object.keys(createRequire(server).cache).map((path) => path.split('node_modules/').pop());
    process.stdout.write(JSON.stringify(loaded));
  `;
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', probe], { cwd: ROOT });
  const loaded = JSON.parse(stdout) as string[];
  t.true(
    loaded.some((path) => path.startsWith('pg/')),
    'the probe sees CommonJS modules the server does load',
  );
  t.deepEqual(
    LAZY.filter((name) => loaded.some((path) => path.startsWith(`${name}/`))),
    [],
  );
});
