import type { Redis } from 'ioredis';

/**
 * Where rate limiters keep their counts: this process's memory, or a Redis that several
 * instances share (one budget across them), under `keyPrefix`.
 */
export type RateLimitStore = { readonly kind: 'memory' } | { readonly kind: 'redis'; readonly client: Redis; readonly keyPrefix: string };

/** The store of a single instance: counts in this process's memory. */
export const MEMORY_STORE: RateLimitStore = { kind: 'memory' };
