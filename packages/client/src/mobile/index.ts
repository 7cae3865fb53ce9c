export { createApiClient } from '../api/api-client.js';
export type { ApiClient, ApiClientConfig, ApiRequestInit, RawRequest } from '../api/api-client.js';
export { SignedOutError } from '../api/signed-out-error.js';
export { createSecureTokenCache } from './secure-token-cache.js';
export type { CorruptionReason, SecureKV, SecureTokenCacheOptions, TokenCache } from './secure-token-cache.js';
export { createSignOutSequence, devicePath, revokeDevice } from './sign-out-sequence.js';
export type { PushTokenRevoke, SignOutStep, SignOutSteps } from './sign-out-sequence.js';
