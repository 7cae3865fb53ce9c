import test from 'ava';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startIdpEmulator } from '@idv/idp-emulator';
import { adminFetch } from '@idv/idp-emulator/testing';
import { loadE2eState } from './environment/e2e-state.js';
import { setUpE2e, SIGN_IN_DEADLINE_MS } from './environment/set-up-e2e.js';

// These check the setup itself, so they need no running e2e environment.
const scratch = (t: { teardown(fn: () => void): void }): string => {
  const dir = mkdtempSync(join(tmpdir(), 'idv-e2e-setup-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  return join(dir, 'state.json');
};

const base = { providerUrl: 'http://127.0.0.1:9', serviceUrl: 'http://127.0.0.1:9', secretKey: 'sk_test_unused' };

test('spec: the setup without E2E_IDP_USER_EMAIL fails with "E2E_IDP_USER_EMAIL env var is required"', async (t) => {
  const stateFile = scratch(t);
  await t.throwsAsync(setUpE2e({ ...base, stateFile, env: { E2E_IDP_USER_PASSWORD: 'pw-123456' } }), {
    message: 'E2E_IDP_USER_EMAIL env var is required',
  });
  await t.throwsAsync(setUpE2e({ ...base, stateFile, env: { E2E_IDP_USER_EMAIL: ' ', E2E_IDP_USER_PASSWORD: 'pw-123456' } }), {
    message: 'E2E_IDP_USER_EMAIL env var is required',
  });
  t.false(existsSync(stateFile));
});

test('the setup without E2E_IDP_USER_PASSWORD fails naming that variable', async (t) => {
  const stateFile = scratch(t);
  await t.throwsAsync(setUpE2e({ ...base, stateFile, env: { E2E_IDP_USER_EMAIL: 'e2e@example.com' } }), {
    message: 'E2E_IDP_USER_PASSWORD env var is required',
  });
});

test('spec: a sign-in that gets no answer before the deadline fails with "timed out after N s"', async (t) => {
  const silent = createServer(() => undefined); // accepts the request, never answers
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  t.teardown(() => {
    silent.closeAllConnections();
    silent.close();
  });
  const providerUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
  const stateFile = scratch(t);
  const env = { E2E_IDP_USER_EMAIL: 'e2e@example.com', E2E_IDP_USER_PASSWORD: 'pw-123456' };
  await t.throwsAsync(setUpE2e({ ...base, providerUrl, stateFile, env, signInDeadlineMs: 50 }), {
    message: /^E2E sign-in timed out after 0\.05 s/,
  });
  t.false(existsSync(stateFile));
});

test('spec: the sign-in deadline defaults to 180 seconds', (t) => {
  t.is(SIGN_IN_DEADLINE_MS, 180_000);
});

test('a refused sign-in names the provider error; a good one saves a state file the specs can load', async (t) => {
  const emulator = await startIdpEmulator();
  t.teardown(() => emulator.close());
  const user = (await adminFetch(emulator, 'POST', '/v1/users', { email_address: ['setup@example.com'], password: 'right-password-1' }))
    .body;
  const stateFile = scratch(t);
  const options = { providerUrl: emulator.url, serviceUrl: 'http://127.0.0.1:3000', secretKey: emulator.secretKey, stateFile };
  await t.throwsAsync(setUpE2e({ ...options, env: { E2E_IDP_USER_EMAIL: 'setup@example.com', E2E_IDP_USER_PASSWORD: 'wrong' } }), {
    message: /form_password_incorrect/,
  });
  await t.throwsAsync(
    setUpE2e({
      ...options,
      env: { E2E_IDP_USER_EMAIL: 'setup@example.com', E2E_IDP_USER_PASSWORD: 'right-password-1', E2E_IDP_USER_ID: 'user_someoneelse' },
    }),
    {
      message: /E2E_IDP_USER_ID/,
    },
  );
  const saved = await setUpE2e({ ...options, env: { E2E_IDP_USER_EMAIL: 'Setup@Example.com', E2E_IDP_USER_PASSWORD: 'right-password-1' } });
  t.like(saved, { userId: user.id, email: 'setup@example.com', providerUrl: emulator.url });
  t.deepEqual(loadE2eState({ E2E_STATE_FILE: stateFile }), saved);
});

test('e2e specs run without the state file fail with "run through npm test, which starts the e2e environment"', (t) => {
  t.throws(() => loadE2eState({}), { message: 'E2E_STATE_FILE is not set: run through npm test, which starts the e2e environment' });
  t.throws(() => loadE2eState({ E2E_STATE_FILE: '/nonexistent/e2e-state.json' }), {
    message: /run through npm test, which starts the e2e environment/,
  });
  t.throws(() => loadE2eState({ E2E_SETUP_FAILED: 'service exited (code 1) before it was ready' }), {
    message: 'the e2e environment failed to start: service exited (code 1) before it was ready',
  });
});
