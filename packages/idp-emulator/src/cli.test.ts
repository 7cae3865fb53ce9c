import test from 'ava';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

const CLI = join(import.meta.dirname, 'cli.js');

test('the CLI prints its keys, one listening line, serves, and exits 0 on SIGTERM', async (t) => {
  const child = spawn(process.execPath, [CLI, '--port', '0'], {
    env: { ...process.env, IDP_SECRET_KEY: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  t.teardown(() => child.kill('SIGKILL'));
  const lines: string[] = [];
  let url = '';
  for await (const line of createInterface({ input: child.stdout })) {
    lines.push(line);
    const match = /^idp emulator listening on (http:\/\/127\.0\.0\.1:\d+)$/.exec(line);
    if (match) {
      url = match[1] ?? '';
      break;
    }
  }
  t.is(lines.filter((l) => l.startsWith('idp emulator listening on ')).length, 1);
  const secret = lines.find((l) => l.startsWith('IDP_SECRET_KEY='))?.slice('IDP_SECRET_KEY='.length) ?? '';
  t.regex(secret, /^sk_test_/);
  t.true(lines.some((l) => /^IDP_PUBLISHABLE_KEY=pk_test_/.test(l)));
  t.true(lines.some((l) => /^IDP_WEBHOOK_SECRET=whsec_/.test(l)));
  const jwks = await fetch(`${url}/v1/jwks`, { headers: { authorization: `Bearer ${secret}` } });
  t.is(jwks.status, 200);
  child.kill('SIGTERM');
  const [code] = await once(child, 'exit');
  t.is(code, 0);
});

test('the CLI refuses an unknown option with one stderr line and exit code 2', async (t) => {
  const child = spawn(process.execPath, [CLI, '--bogus'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const [code] = await once(child, 'exit');
  t.is(code, 2);
  t.is(stderr.trim().split('\n').length, 1);
  t.regex(stderr, /bogus/);
});
