import test from 'ava';
import type { Logger } from '@idv/core';
import { PRODUCTION_ENV, configOf } from '../config/test-support/config-of.js';
import { announceWebhookSecretsKey } from './secrets-key-notice.js';

const recordingLogger = () => {
  const lines: { level: string; fields: Record<string, unknown>; message: string }[] = [];
  const record = (level: string) => (fields: Record<string, unknown>, message: string) => void lines.push({ level, fields, message });
  const logger: Logger = { debug: record('debug'), info: record('info'), warn: record('warn'), error: record('error') };
  return { logger, lines };
};

test('the start says the endpoint-secrets key was generated (never the key), or that production has none', (t) => {
  const development = recordingLogger();
  const config = configOf({});
  announceWebhookSecretsKey(config.webhooks, development.logger);
  t.deepEqual(
    development.lines.map(({ level }) => level),
    ['info'],
  );
  t.false(JSON.stringify(development.lines).includes(config.webhooks.secretsKey ?? '(none)'));
  const production = recordingLogger();
  announceWebhookSecretsKey(configOf(PRODUCTION_ENV).webhooks, production.logger);
  t.deepEqual(
    production.lines.map(({ level, message }) => [level, message.split(':')[0]]),
    [['warn', 'WEBHOOK_SECRETS_KEY is not set']],
  );
  const configured = recordingLogger();
  announceWebhookSecretsKey(configOf({ ...PRODUCTION_ENV, WEBHOOK_SECRETS_KEY: 'k'.repeat(32) }).webhooks, configured.logger);
  t.deepEqual(configured.lines, []);
});
