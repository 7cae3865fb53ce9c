import type { EndpointSecretVault } from '@idv/core';
import { EndpointSecretVaultError, generateEndpointSecret } from '@idv/adapters-crypto';

const MISSING_KEY =
  'WEBHOOK_SECRETS_KEY is not set: endpoint secrets cannot be sealed or opened (required in production once an endpoint exists)';

/**
 * The endpoint-secret vault of a production start without `WEBHOOK_SECRETS_KEY`: the service runs,
 * but creating an endpoint (sealing its secret) or signing for one (opening it) is refused, naming the setting.
 */
export const vaultWithoutKey: EndpointSecretVault = {
  unavailable: MISSING_KEY,
  generate: generateEndpointSecret,
  seal: () => Promise.reject(new EndpointSecretVaultError(MISSING_KEY)),
  open: () => Promise.reject(new EndpointSecretVaultError(MISSING_KEY)),
};
