import test from 'ava';
import { RecordingLogger } from '@idv/core/testing';
import { PRODUCTION_ENV, configOf } from '../config/test-support/config-of.js';
import { announceWebhookSecretsKey } from './secrets-key-notice.js';

test('the start says the endpoint-secrets key was generated (never the key), or that production has none', (t) => {
  const development = new RecordingLogger();
  const config = configOf({});
  announceWebhookSecretsKey(config.webhooks, development);
  t.deepEqual(
    development.entries.map(({ level }) => level),
    ['info'],
  );
  t.false(JSON.stringify(development.entries).includes(config.webhooks.secretsKey ?? '(none)'));
  const production = new RecordingLogger();
  announceWebhookSecretsKey(configOf(PRODUCTION_ENV).webhooks, production);
  t.deepEqual(
    production.entries.map(({ level, message }) => [level, message.split(':')[0]]),
    [['warn', 'WEBHOOK_SECRETS_KEY is not set']],
  );
  const configured = new RecordingLogger();
  announceWebhookSecretsKey(configOf({ ...PRODUCTION_ENV, WEBHOOK_SECRETS_KEY: 'k'.repeat(32) }).webhooks, configured);
  t.deepEqual(configured.entries, []);
});
