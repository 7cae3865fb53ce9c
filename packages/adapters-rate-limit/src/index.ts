export { flexibleRateLimiter } from './flexible-rate-limiter.js';
export type { FlexibleRateLimiterOptions } from './flexible-rate-limiter.js';
export { flexibleInvitationThrottle } from './invitation-throttle.js';
export { flexiblePurchaseThrottle } from './purchase-throttle.js';
export { MEMORY_STORE } from './rate-limit-store.js';
export type { RateLimitStore } from './rate-limit-store.js';
export { connectRedisStore } from './redis-store.js';
export type { RedisRateLimitStore, RedisStoreOptions } from './redis-store.js';
