import test from 'ava';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as E from 'fp-ts/lib/Either.js';
import { loadConfig, startServer, ConfigError } from '@idv/server';
import { ENTRY_POINTS } from '../e2e/environment/repo-paths.js';
import { runExpectingFailure } from '../support/entry-point-failure.js';

const PRODUCTION = {
  NODE_ENV: 'production',
  IDP_API_URL: 'https://api.idp.example.com',
  IDP_SECRET_KEY: 'sk_live_abc123',
  IDP_PUBLISHABLE_KEY: 'pk_live_Y2xlcmsuZXhhbXBsZS5jb20k',
  IDP_WEBHOOK_SECRET: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  INVITE_SECRET: 'i'.repeat(40),
  NATIONAL_ID_ENCRYPTION_KEY: 'n'.repeat(40),
};

test('an empty environment gives development defaults on embedded PGlite with the emulator', (t) => {
  const config = loadConfig({});
  t.true(E.isRight(config));
  t.like(E.isRight(config) ? config.right : {}, {
    environment: 'development',
    port: 3000,
    migrateOnStart: true,
    testAuthBypass: false,
    appUrl: 'http://localhost:3000',
    logLevel: 'info',
    database: { kind: 'pglite', dataDir: '.data/pglite' },
    dataDir: '.data',
    idp: { mode: 'emulated', emulatorPort: 4010 },
  });
});

test('DATABASE_URL selects PostgreSQL', (t) => {
  const config = loadConfig({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/app' });
  t.like(E.isRight(config) ? config.right : {}, { database: { kind: 'postgres', url: 'postgres://postgres@127.0.0.1:5432/app' } });
});

test('SYNC_INTERVAL_MINUTES: unset leaves the periodic user sync off; a whole number of minutes turns it on; anything else is one line', (t) => {
  const off = loadConfig({});
  t.is(E.isRight(off) ? off.right.syncIntervalMinutes : -1, undefined);
  const on = loadConfig({ SYNC_INTERVAL_MINUTES: '15' });
  t.is(E.isRight(on) ? on.right.syncIntervalMinutes : -1, 15);
  for (const bad of ['0', '1.5', 'hourly', '10081']) {
    const config = loadConfig({ SYNC_INTERVAL_MINUTES: bad });
    t.deepEqual(E.isLeft(config) ? config.left : [], [
      `SYNC_INTERVAL_MINUTES: expected a whole number of minutes from 1 to 10080, got "${bad}"`,
    ]);
  }
});

test('each bad variable is reported on its own readable line', (t) => {
  const config = loadConfig({ PORT: 'abc', MIGRATE_ON_START: 'maybe', LOG_LEVEL: 'loud', APP_URL: 'ftp://x' });
  t.deepEqual(E.isLeft(config) ? [...config.left].sort() : [], [
    'APP_URL: expected an http(s) URL, got "ftp://x"',
    'LOG_LEVEL: expected "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent", got "loud"',
    'MIGRATE_ON_START: expected true or false, got "maybe"',
    'PORT: expected a port number (0-65535), got "abc"',
  ]);
});

test('the server process with LOG_LEVEL=loud exits 1 printing that one line, not a crash of its start-up logger', async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'idv-log-level-'));
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
  const env = { PATH: process.env['PATH'] ?? '', PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'loud' };
  const failure = await runExpectingFailure(ENTRY_POINTS.service, env);
  t.is(failure?.code, 1);
  t.is(
    failure?.stderr,
    'Cannot start: invalid configuration\n  LOG_LEVEL: expected "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent", got "loud"\n',
  );
});

test('a mistyped secret is reported without echoing it', (t) => {
  const config = loadConfig({ IDP_WEBHOOK_SECRET: 'not-a-secret-value' });
  t.deepEqual(E.isLeft(config) ? config.left : [], [
    'IDP_WEBHOOK_SECRET: expected a webhook secret (whsec_ followed by base64), got [REDACTED]',
  ]);
});

test('production requires every secret, one line each', (t) => {
  const config = loadConfig({ NODE_ENV: 'production' });
  t.deepEqual(E.isLeft(config) ? config.left : [], [
    'IDP_API_URL: required when NODE_ENV=production, got undefined (missing)',
    'IDP_SECRET_KEY: required when NODE_ENV=production, got undefined (missing)',
    'IDP_PUBLISHABLE_KEY: required when NODE_ENV=production, got undefined (missing)',
    'IDP_WEBHOOK_SECRET: required when NODE_ENV=production, got undefined (missing)',
    'INVITE_SECRET: required when NODE_ENV=production, got undefined (missing)',
    'NATIONAL_ID_ENCRYPTION_KEY: required when NODE_ENV=production, got undefined (missing)',
  ]);
});

test('a complete production environment decodes', (t) => {
  t.true(E.isRight(loadConfig(PRODUCTION)));
});

test('TEST_AUTH_BYPASS=true refuses to start in production', async (t) => {
  const error = await t.throwsAsync(startServer({ ...PRODUCTION, TEST_AUTH_BYPASS: 'true', PORT: '0' }), { instanceOf: ConfigError });
  t.deepEqual(error?.problems, ['TEST_AUTH_BYPASS: must not be true when NODE_ENV=production']);
});

test('the server process with WEBHOOK_ENDPOINT_ALLOW_PRIVATE=true in production exits 1 printing one line', async (t) => {
  const env = { PATH: process.env['PATH'] ?? '', ...PRODUCTION, PORT: '0', WEBHOOK_ENDPOINT_ALLOW_PRIVATE: 'true' };
  const failure = await runExpectingFailure(ENTRY_POINTS.service, env);
  t.is(failure?.code, 1);
  t.is(
    failure?.stderr,
    'Cannot start: invalid configuration\n  WEBHOOK_ENDPOINT_ALLOW_PRIVATE: must not be true when NODE_ENV=production (development and tests only)\n',
  );
});

test('a partly configured provider names what is missing', (t) => {
  const config = loadConfig({ IDP_SECRET_KEY: 'sk_test_abc' });
  t.deepEqual(E.isLeft(config) ? config.left : [], [
    'IDP_API_URL: required once a provider is configured, got undefined (missing)',
    'IDP_PUBLISHABLE_KEY: required once a provider is configured, got undefined (missing)',
    'IDP_WEBHOOK_SECRET: required once a provider is configured, got undefined (missing)',
  ]);
});
