export { INVITE_TOKEN_AUDIENCE, INVITE_TOKEN_TYPE, createInviteTokens } from './invite-tokens/invite-tokens.js';
export type { InviteTokensOptions } from './invite-tokens/invite-tokens.js';
export { hashInviteToken } from './invite-tokens/token-hash.js';
export { NationalIdVaultError, createNationalIdVault } from './national-id-vault/national-id-vault.js';
export type { NationalIdVaultOptions } from './national-id-vault/national-id-vault.js';
export { nationalIdKeyId } from './national-id-vault/vault-key.js';
export {
  EndpointSecretVaultError,
  createEndpointSecretVault,
  endpointSecretKeyId,
  generateEndpointSecret,
} from './endpoint-secret-vault/endpoint-secret-vault.js';
export type { EndpointSecretVaultOptions } from './endpoint-secret-vault/endpoint-secret-vault.js';
export { createBodyFingerprints } from './fingerprints/body-fingerprints.js';
export { createPurchaseStatusTokens } from './fingerprints/purchase-status-tokens.js';
export { createAgreementDigests } from './agreement-digests/agreement-digests.js';
