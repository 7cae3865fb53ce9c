import { ContainerModule } from 'inversify';
import { createEndpointSecretVault } from '@idv/adapters-crypto';
import { createEndpointUrlPolicy, createEventSender } from '@idv/adapters-notifications';
import type { AppConfig } from '../config/app-config.js';
import { vaultWithoutKey } from '../webhooks/vault-without-key.js';
import { TOKENS } from './tokens.js';

/**
 * Outbound webhooks' boundary: the signed sender and the endpoint URL policy (one set of address
 * rules; `WEBHOOK_ENDPOINT_ALLOW_PRIVATE` opens loopback over http in development and tests), and the
 * vault of endpoint secrets (`WEBHOOK_SECRETS_KEY`, with `WEBHOOK_SECRETS_DECRYPTION_KEYS` for rotation).
 */
export const webhookDeliveryModule = ({ webhooks }: AppConfig): ContainerModule =>
  new ContainerModule(({ bind }) => {
    const allowPrivate = webhooks.allowPrivateEndpoints;
    bind(TOKENS.EventSender).toConstantValue(createEventSender({ allowPrivate }));
    bind(TOKENS.EndpointUrlPolicy).toConstantValue(createEndpointUrlPolicy({ allowPrivate }));
    bind(TOKENS.EndpointSecretVault).toConstantValue(
      webhooks.secretsKey === undefined
        ? vaultWithoutKey
        : createEndpointSecretVault({ currentKey: webhooks.secretsKey, previousKeys: webhooks.secretsDecryptionKeys }),
    );
  });
