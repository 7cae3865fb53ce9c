import test from 'ava';
import * as E from 'fp-ts/lib/Either.js';
import { loadConfig } from '@idv/server';

// The payments variables (ARCHITECTURE §6), one line per problem, secrets never echoed.

const PRODUCTION = {
  NODE_ENV: 'production',
  IDP_API_URL: 'https://api.idp.example.com',
  IDP_SECRET_KEY: 'sk_live_abc123',
  IDP_PUBLISHABLE_KEY: 'pk_live_Y2xlcmsuZXhhbXBsZS5jb20k',
  IDP_WEBHOOK_SECRET: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  INVITE_SECRET: 'i'.repeat(40),
  NATIONAL_ID_ENCRYPTION_KEY: 'n'.repeat(40),
};
const IYZICO = { IYZICO_API_KEY: 'sandbox-api-key', IYZICO_SECRET_KEY: 'sandbox-secret-key' };
const PAYTR = { PAYTR_MERCHANT_ID: '123456', PAYTR_MERCHANT_KEY: 'paytr-key', PAYTR_MERCHANT_SALT: 'paytr-salt' };
const URLS = { PUBLIC_API_URL: 'https://api.studio.example.com', PAYMENT_RESULT_URL: 'https://studio.example.com/payments/result' };

const problems = (env: Record<string, string>) => {
  const config = loadConfig(env);
  return E.isLeft(config) ? [...config.left] : [];
};
const payments = (env: Record<string, string>) => {
  const config = loadConfig(env);
  if (E.isLeft(config)) throw new Error(config.left.join('\n'));
  return config.right.payments;
};

test('no PAYMENTS_PROVIDERS in development: both providers played by the in-process emulator; the default limits and times; URLs from this service', (t) => {
  t.deepEqual(payments({ PORT: '4000', APP_URL: 'http://localhost:5173' }), {
    enabledProviders: [],
    publicApiUrl: undefined,
    resultUrl: 'http://localhost:5173/payments/result',
    callbackLimits: {
      rate: { points: 600, windowSeconds: 60 },
      failures: { points: 20, windowSeconds: 600, blockSeconds: 900 },
      trustedCidrs: [],
    },
    pendingTtlMinutes: 30,
    sweepIntervalSeconds: 60,
    emulator: { port: 4020 },
  });
  t.deepEqual(payments({ PAYMENTS_EMULATOR_PORT: '0' }).emulator, { port: 0 });
});

test('the payments emulator runs only in development and only without PAYMENTS_PROVIDERS (none turns payments off)', (t) => {
  t.is(payments({ NODE_ENV: 'test' }).emulator, undefined);
  t.is(payments(PRODUCTION).emulator, undefined);
  t.deepEqual(payments({ PAYMENTS_PROVIDERS: 'none' }), { ...payments({ NODE_ENV: 'test' }), enabledProviders: [] });
  t.is(payments({ PAYMENTS_PROVIDERS: 'paytr', ...PAYTR }).emulator, undefined);
});

test('PAYMENT_PENDING_TTL_MINUTES and PAYMENT_SWEEP_INTERVAL_SECONDS set the sweeper; out of range is one line each', (t) => {
  t.like(payments({ PAYMENT_PENDING_TTL_MINUTES: '15', PAYMENT_SWEEP_INTERVAL_SECONDS: '5' }), {
    pendingTtlMinutes: 15,
    sweepIntervalSeconds: 5,
  });
  t.deepEqual(
    problems({ PAYMENT_PENDING_TTL_MINUTES: '0', PAYMENT_SWEEP_INTERVAL_SECONDS: '1 minute', PAYMENTS_EMULATOR_PORT: '70000' }).sort(),
    [
      'PAYMENTS_EMULATOR_PORT: expected a port number (0-65535), got "70000"',
      'PAYMENT_PENDING_TTL_MINUTES: expected a whole number of minutes from 1 to 1440, got "0"',
      'PAYMENT_SWEEP_INTERVAL_SECONDS: expected a whole number of seconds from 1 to 3600, got "1 minute"',
    ],
  );
});

test('a complete production environment without payments still decodes (no provider secret is required)', (t) => {
  t.deepEqual(problems(PRODUCTION), []);
  t.deepEqual(payments(PRODUCTION).enabledProviders, []);
});

test("a scheme's secrets are required once PAYMENTS_PROVIDERS enables it, one line each, in development too", (t) => {
  t.deepEqual(problems({ PAYMENTS_PROVIDERS: 'iyzico,paytr' }), [
    'IYZICO_API_KEY: required when PAYMENTS_PROVIDERS includes iyzico, got undefined (missing)',
    'IYZICO_SECRET_KEY: required when PAYMENTS_PROVIDERS includes iyzico, got undefined (missing)',
    'PAYTR_MERCHANT_ID: required when PAYMENTS_PROVIDERS includes paytr, got undefined (missing)',
    'PAYTR_MERCHANT_KEY: required when PAYMENTS_PROVIDERS includes paytr, got undefined (missing)',
    'PAYTR_MERCHANT_SALT: required when PAYMENTS_PROVIDERS includes paytr, got undefined (missing)',
  ]);
  t.deepEqual(problems({ PAYMENTS_PROVIDERS: 'paytr', ...PAYTR }), [], 'iyzico is not enabled, so its secrets are not needed');
});

test('production with a provider enabled also requires the public URLs', (t) => {
  t.deepEqual(problems({ ...PRODUCTION, PAYMENTS_PROVIDERS: 'paytr', ...PAYTR }), [
    'PUBLIC_API_URL: required when payments are enabled and NODE_ENV=production, got undefined (missing)',
    'PAYMENT_RESULT_URL: required when payments are enabled and NODE_ENV=production, got undefined (missing)',
  ]);
  t.deepEqual(problems({ ...PRODUCTION, PAYMENTS_PROVIDERS: 'paytr', ...PAYTR, ...URLS }), []);
});

test('secrets are trimmed at decode (a trailing space is the classic "Geçersiz imza"), base URLs default', (t) => {
  const config = payments({
    PAYMENTS_PROVIDERS: ' iyzico , paytr ',
    IYZICO_API_KEY: ' key ',
    IYZICO_SECRET_KEY: 'secret\n',
    IYZICO_MERCHANT_ID: '3397',
    ...PAYTR,
    PAYTR_MERCHANT_SALT: '  salt\t',
  });
  t.deepEqual(config.enabledProviders, ['iyzico', 'paytr']);
  t.deepEqual(config.iyzico, { apiKey: 'key', secretKey: 'secret', baseUrl: 'https://sandbox-api.iyzipay.com', merchantId: '3397' });
  t.deepEqual(config.paytr, {
    baseUrl: 'https://www.paytr.com',
    testMode: false,
    merchantId: '123456',
    merchantKey: 'paytr-key',
    merchantSalt: 'salt',
  });
  t.true(payments({ PAYMENTS_PROVIDERS: 'paytr', ...PAYTR, PAYTR_TEST_MODE: 'true' }).paytr?.testMode);
});

test('secrets of a provider that is not enabled are ignored', (t) => {
  const config = payments({ ...IYZICO, ...PAYTR });
  t.is(config.iyzico, undefined);
  t.is(config.paytr, undefined);
});

test('each bad payments variable is one readable line, and a bad secret is never echoed', (t) => {
  t.deepEqual(
    problems({
      PAYMENTS_PROVIDERS: 'iyzico,stripe',
      IYZICO_SECRET_KEY: 'two words',
      IYZICO_API_KEY: 'api key',
      PAYTR_MERCHANT_KEY: 'k e y',
      PAYTR_MERCHANT_SALT: 's a l t',
      PAYTR_MERCHANT_ID: 'abc',
      IYZICO_BASE_URL: 'ftp://x',
      PAYMENT_CALLBACK_RATE_POINTS: '0',
      PAYMENT_CALLBACK_FAIL_POINTS: 'many',
      PAYMENT_CALLBACK_TRUSTED_CIDRS: '10.0.0.0/33',
    }).sort(),
    [
      'IYZICO_API_KEY: expected a value without whitespace, got [REDACTED]',
      'IYZICO_BASE_URL: expected an http(s) URL, got "ftp://x"',
      'IYZICO_SECRET_KEY: expected a value without whitespace, got [REDACTED]',
      'PAYMENTS_PROVIDERS: expected comma-separated payment providers (iyzico, paytr) or none, got "iyzico,stripe"',
      'PAYMENT_CALLBACK_FAIL_POINTS: expected a whole number from 1 to 1000000, got "many"',
      'PAYMENT_CALLBACK_RATE_POINTS: expected a whole number from 1 to 1000000, got "0"',
      'PAYMENT_CALLBACK_TRUSTED_CIDRS: expected comma-separated IP addresses or CIDR blocks (e.g. 203.0.113.0/24), got "10.0.0.0/33"',
      'PAYTR_MERCHANT_ID: expected a merchant id (digits only), got "abc"',
      'PAYTR_MERCHANT_KEY: expected a value without whitespace, got [REDACTED]',
      'PAYTR_MERCHANT_SALT: expected a value without whitespace, got [REDACTED]',
    ],
  );
});

test('the callback limits and trusted sources are configurable', (t) => {
  const config = payments({
    PAYMENT_CALLBACK_RATE_POINTS: '50',
    PAYMENT_CALLBACK_FAIL_POINTS: '3',
    PAYMENT_CALLBACK_TRUSTED_CIDRS: '203.0.113.0/24, 2001:db8::/32,198.51.100.7',
    PAYTR_BASE_URL: 'http://127.0.0.1:9/',
  });
  t.deepEqual(config.callbackLimits, {
    rate: { points: 50, windowSeconds: 60 },
    failures: { points: 3, windowSeconds: 600, blockSeconds: 900 },
    trustedCidrs: ['203.0.113.0/24', '2001:db8::/32', '198.51.100.7'],
  });
});
