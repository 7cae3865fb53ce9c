import test from 'ava';
import * as E from 'fp-ts/lib/Either.js';
import { loadConfig } from './load-config.js';

test('unset, error tracking and analytics are log-only, metrics off, no CORS origin, 10 s of grace', (t) => {
  const config = loadConfig({});
  t.deepEqual(E.isRight(config) ? config.right.observability : undefined, { metrics: {}, corsOrigins: [], shutdownGraceMs: 10_000 });
});

test('the vendors, metrics, CORS and shutdown grace are decoded', (t) => {
  const config = loadConfig({
    NODE_ENV: 'test',
    SENTRY_DSN: 'https://abc123@o1.ingest.sentry.io/42',
    POSTHOG_API_KEY: ' phc_project ',
    METRICS_TOKEN: 'm'.repeat(32),
    METRICS_PORT: '9464',
    CORS_ORIGINS: 'https://app.studio.example, http://localhost:5173',
    SHUTDOWN_GRACE_SECONDS: '25',
  });
  t.deepEqual(E.isRight(config) ? config.right.observability : undefined, {
    sentry: { dsn: 'https://abc123@o1.ingest.sentry.io/42', environment: 'test' },
    posthog: { apiKey: 'phc_project', host: 'https://us.i.posthog.com' },
    metrics: { token: 'm'.repeat(32), port: 9464 },
    corsOrigins: ['https://app.studio.example', 'http://localhost:5173'],
    shutdownGraceMs: 25_000,
  });
});

test('each bad variable is one line, and the secret ones are never echoed', (t) => {
  const config = loadConfig({
    SENTRY_DSN: 'https://o1.ingest.sentry.io/not-a-project',
    POSTHOG_API_KEY: 'phc with spaces',
    METRICS_TOKEN: 'short-token',
    METRICS_PORT: 'x',
    CORS_ORIGINS: 'app.studio.example',
    SHUTDOWN_GRACE_SECONDS: '0',
  });
  t.deepEqual(E.isLeft(config) ? [...config.left].sort() : [], [
    'CORS_ORIGINS: expected comma-separated http(s) origins, got "app.studio.example"',
    'METRICS_PORT: expected a port number (0-65535), got "x"',
    'METRICS_TOKEN: expected a secret of at least 32 characters, got [REDACTED]',
    'POSTHOG_API_KEY: expected a value without whitespace, got [REDACTED]',
    'SENTRY_DSN: expected a Sentry DSN (https://<key>@<host>/<project>), got [REDACTED]',
    'SHUTDOWN_GRACE_SECONDS: expected a whole number of seconds from 1 to 600, got "0"',
  ]);
});

test('METRICS_PORT must differ from PORT, and POSTHOG_HOST needs POSTHOG_API_KEY', (t) => {
  const config = loadConfig({ PORT: '8080', METRICS_PORT: '8080', POSTHOG_HOST: 'https://eu.i.posthog.com' });
  t.deepEqual(E.isLeft(config) ? [...config.left].sort() : [], [
    'METRICS_PORT: must differ from PORT',
    'POSTHOG_HOST: set without POSTHOG_API_KEY',
  ]);
});
