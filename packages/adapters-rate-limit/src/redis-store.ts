import { createRequire } from 'node:module';
import type * as IoRedis from 'ioredis';
import type { Logger } from '@idv/core';
import type { RateLimitStore } from './rate-limit-store.js';

/** An open Redis store, and how to close it at shutdown. */
export interface RedisRateLimitStore {
  readonly store: RateLimitStore;
  /** Resolves true once Redis answers, or false after `timeoutMs` (the limiters count in memory meanwhile). */
  whenReady(timeoutMs: number): Promise<boolean>;
  /** Disconnects from Redis. */
  close(): Promise<void>;
}

/** How to reach the shared store. */
export interface RedisStoreOptions {
  /** `REDIS_URL` (`redis://` or `rediss://`); it may hold a password, so it is never logged. */
  readonly url: string;
  /** Namespace of every limiter's keys, so that environments or test runs sharing a Redis never collide. */
  readonly keyPrefix: string;
  readonly logger: Logger;
  /** How long one limiter call may wait for Redis before the in-memory insurance answers (default 500 ms). */
  readonly commandTimeoutMs?: number;
}

// Loaded on the first connection, never at import: a service without REDIS_URL saves the ~20 MB of
// resident memory ioredis costs. ioredis is CommonJS, so a synchronous require works.
const ioredis = (): typeof IoRedis => createRequire(import.meta.url)('ioredis') as typeof IoRedis;

/**
 * Connects to the Redis the instances share. Nothing waits for it: until it answers, and whenever it
 * stops answering, each limiter counts in this process's memory instead (its insurance), so a Redis
 * outage loosens the budget to one per instance and never fails a request. The outage is logged at
 * warn once, and its end at info.
 *
 * @example
 * const redis = connectRedisStore({ url: 'redis://127.0.0.1:6379', keyPrefix: 'idv', logger });
 * const limiter = flexibleRateLimiter(redis.store, { points: 600, windowSeconds: 60 }, { name: 'public', logger });
 */
export const connectRedisStore = (options: RedisStoreOptions): RedisRateLimitStore => {
  const client = new (ioredis().Redis)(options.url, {
    // A limiter must answer now: no queue of commands waiting for a connection, no retried commands.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: options.commandTimeoutMs ?? 500,
    connectTimeout: 2_000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  let degraded = false;
  client.on('error', (error: Error) => {
    if (degraded) return;
    degraded = true;
    options.logger.warn(
      { err: { message: error.message } },
      'rate limit store (Redis) unreachable: limiting per instance in memory until it answers',
    );
  });
  client.on('ready', () => {
    if (!degraded) return;
    degraded = false;
    options.logger.info({}, 'rate limit store (Redis) answers again: budgets shared across instances');
  });
  return {
    store: { kind: 'redis', client, keyPrefix: options.keyPrefix },
    whenReady: (timeoutMs) =>
      client.status === 'ready'
        ? Promise.resolve(true)
        : new Promise((resolve) => {
            const timer = setTimeout(() => {
              client.off('ready', onReady);
              resolve(false);
            }, timeoutMs);
            const onReady = () => {
              clearTimeout(timer);
              resolve(true);
            };
            client.once('ready', onReady);
          }),
    close: async () => {
      if (client.status === 'ready') await client.quit().catch(() => client.disconnect());
      else client.disconnect();
    },
  };
};
