import type { Logger } from '@idv/core';
import type { WebhooksConfig } from '../config/webhooks-config.js';

/**
 * Says at start-up how endpoint secrets are sealed when `WEBHOOK_SECRETS_KEY` is not set: with a key
 * generated for this process (development; never the key itself), or not at all (production, where
 * no endpoint can be created until it is set).
 */
export const announceWebhookSecretsKey = (webhooks: WebhooksConfig, logger: Logger): void => {
  if (webhooks.secretsKeyGenerated)
    logger.info(
      { webhookSecretsKey: 'generated' },
      'WEBHOOK_SECRETS_KEY is not set: endpoint secrets are sealed with a key generated for this process',
    );
  else if (webhooks.secretsKey === undefined)
    logger.warn(
      { webhookSecretsKey: 'missing' },
      'WEBHOOK_SECRETS_KEY is not set: webhook endpoints can be neither created nor delivered to until it is',
    );
};
