export { createApiClient } from './api-client.js';
export type { ApiClient, ApiClientConfig, ApiRequestInit, RawRequest } from './api-client.js';
export { SignedOutError } from './signed-out-error.js';
