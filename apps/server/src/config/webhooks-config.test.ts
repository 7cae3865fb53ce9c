import test from 'ava';
import { PRODUCTION_ENV, configOf, problemsOf } from './test-support/config-of.js';

const KEY = Buffer.alloc(32, 5).toString('base64');
const OLD_KEY = Buffer.alloc(32, 6).toString('base64');

const webhooksOf = (env: Record<string, string>) => configOf(env).webhooks;

test('unset in development, the endpoint-secrets key is generated per process, private endpoints are on with the embedded provider only (npm run demo receives its events) and the schedule is not scaled', (t) => {
  const first = webhooksOf({});
  const second = webhooksOf({});
  t.like(first, { secretsKeyGenerated: true, secretsDecryptionKeys: [], allowPrivateEndpoints: true, retryScheduleScale: 1 });
  t.like(webhooksOf({ NODE_ENV: 'test' }), { allowPrivateEndpoints: false }, 'tests ask for them');
  const { NODE_ENV: _production, ...providerKeys } = PRODUCTION_ENV;
  t.like(webhooksOf(providerKeys), { allowPrivateEndpoints: false }, 'development against a real provider asks for them too');
  t.like(webhooksOf({ WEBHOOK_ENDPOINT_ALLOW_PRIVATE: 'false' }), { allowPrivateEndpoints: false });
  t.true((first.secretsKey?.length ?? 0) >= 32);
  t.not(first.secretsKey, second.secretsKey);
});

test('the webhook settings are decoded: keys, private endpoints and a compressed retry schedule', (t) => {
  t.deepEqual(
    webhooksOf({
      WEBHOOK_SECRETS_KEY: KEY,
      WEBHOOK_SECRETS_DECRYPTION_KEYS: ` ${OLD_KEY} , ${'p'.repeat(40)}`,
      WEBHOOK_ENDPOINT_ALLOW_PRIVATE: 'true',
      WEBHOOK_RETRY_SCHEDULE_SCALE: '0.001',
    }),
    {
      secretsKey: KEY,
      secretsKeyGenerated: false,
      secretsDecryptionKeys: [OLD_KEY, 'p'.repeat(40)],
      allowPrivateEndpoints: true,
      retryScheduleScale: 0.001,
    },
  );
});

test('in production the key is never generated: unset, it is absent (no endpoint can be created) without stopping the start', (t) => {
  t.like(webhooksOf(PRODUCTION_ENV), { secretsKeyGenerated: false, allowPrivateEndpoints: false, retryScheduleScale: 1 });
  t.false('secretsKey' in webhooksOf(PRODUCTION_ENV));
  t.like(webhooksOf({ ...PRODUCTION_ENV, WEBHOOK_SECRETS_KEY: KEY }), { secretsKey: KEY, secretsKeyGenerated: false });
});

test('private endpoints and a compressed retry schedule are refused in production, one line each', (t) => {
  t.deepEqual(problemsOf({ ...PRODUCTION_ENV, WEBHOOK_ENDPOINT_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_SCHEDULE_SCALE: '0.01' }), [
    'WEBHOOK_ENDPOINT_ALLOW_PRIVATE: must not be true when NODE_ENV=production (development and tests only)',
    'WEBHOOK_RETRY_SCHEDULE_SCALE: must not compress the retry schedule when NODE_ENV=production (tests only)',
  ]);
  t.deepEqual(problemsOf({ ...PRODUCTION_ENV, WEBHOOK_ENDPOINT_ALLOW_PRIVATE: 'false', WEBHOOK_RETRY_SCHEDULE_SCALE: '1' }), []);
});

test('a deploy carrying a live provider key may not allow private endpoints, whatever NODE_ENV says', (t) => {
  t.deepEqual(
    problemsOf({ IDP_SECRET_KEY: 'sk_live_abc', WEBHOOK_ENDPOINT_ALLOW_PRIVATE: 'true' }).filter((line) => line.startsWith('WEBHOOK')),
    [
      'WEBHOOK_ENDPOINT_ALLOW_PRIVATE: must not be true when a live provider key (sk_live_… or pk_live_…) is configured (development and tests only)',
    ],
  );
});

test('each bad webhook variable is one line, and the keys are never echoed', (t) => {
  t.deepEqual(
    problemsOf({
      WEBHOOK_SECRETS_KEY: 'short-key',
      WEBHOOK_SECRETS_DECRYPTION_KEYS: 'also-short',
      WEBHOOK_ENDPOINT_ALLOW_PRIVATE: 'yes',
      WEBHOOK_RETRY_SCHEDULE_SCALE: '2',
    }),
    [
      'WEBHOOK_ENDPOINT_ALLOW_PRIVATE: expected true or false, got "yes"',
      'WEBHOOK_RETRY_SCHEDULE_SCALE: expected a number above 0 and at most 1 (e.g. 0.001), got "2"',
      'WEBHOOK_SECRETS_DECRYPTION_KEYS: expected comma-separated secrets of at least 32 characters each, got [REDACTED]',
      'WEBHOOK_SECRETS_KEY: expected a secret of at least 32 characters, got [REDACTED]',
    ],
  );
  t.deepEqual(problemsOf({ WEBHOOK_RETRY_SCHEDULE_SCALE: '0' }), [
    'WEBHOOK_RETRY_SCHEDULE_SCALE: expected a number above 0 and at most 1 (e.g. 0.001), got "0"',
  ]);
});

test('retired webhook keys without a current one are a mistake', (t) => {
  t.deepEqual(problemsOf({ ...PRODUCTION_ENV, WEBHOOK_SECRETS_DECRYPTION_KEYS: OLD_KEY }), [
    'WEBHOOK_SECRETS_DECRYPTION_KEYS: set without WEBHOOK_SECRETS_KEY (nothing new could be sealed)',
  ]);
});
