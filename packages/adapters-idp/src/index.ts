export { createAccessTokenVerifier } from './tokens/access-token-verifier.js';
export type { AccessTokenVerifierOptions } from './tokens/access-token-verifier.js';
export { frontendApiFromPublishableKey, issuerFromPublishableKey } from './tokens/publishable-key.js';
export { createWebhookVerifier } from './webhooks/webhook-verifier.js';
export { createIdentityProviderAdmin } from './admin/identity-provider-admin.js';
export type { IdentityProviderAdminOptions } from './admin/identity-provider-admin.js';
export { IdentityProviderError } from './admin/identity-provider-error.js';
export type { IdentityProviderErrorDetails, IdentityProviderFailure } from './admin/identity-provider-error.js';
