// One-shot `hash` (Node ≥ 20.12): no Hash object per call, on every request.
import { hash } from 'node:crypto';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { ALLOWED, type Logger, type RateLimitDecision, type RateLimiter, type RateLimitPolicy } from '@idv/core';
import type { RateLimitStore } from './rate-limit-store.js';

/** What a limiter is called (its keys' namespace, e.g. `public`, `invite-recipient`) and where it logs. */
export interface FlexibleRateLimiterOptions {
  readonly name: string;
  readonly logger: Logger;
}

// Keys carry addresses, emails and ids: the store sees only their digests.
const digest = (key: string): string => hash('sha256', key, 'base64url');

// Requests come in runs from one source (the provider's webhook senders, a proxy of ours): the last
// key's digest is kept, so a run hashes its key once. One key, so nothing accumulates.
const lastDigestMemo = (): ((key: string) => string) => {
  let lastKey: string | undefined;
  let lastDigest = '';
  return (key) => {
    if (key !== lastKey) {
      lastDigest = digest(key);
      lastKey = key;
    }
    return lastDigest;
  };
};

const backend = (store: RateLimitStore, policy: RateLimitPolicy, name: string): RateLimiterAbstract => {
  const block = policy.blockSeconds === undefined ? {} : { blockDuration: policy.blockSeconds };
  const memory = () => new RateLimiterMemory({ points: policy.points, duration: policy.windowSeconds, keyPrefix: name, ...block });
  if (store.kind === 'memory') return memory();
  return new RateLimiterRedis({
    storeClient: store.client,
    points: policy.points,
    duration: policy.windowSeconds,
    ...block,
    keyPrefix: `${store.keyPrefix}:${name}`,
    // Redis down or slow: this instance's memory answers at once (fail open, but still bounded per instance).
    rejectIfRedisNotReady: true,
    insuranceLimiter: memory(),
  });
};

/**
 * The `RateLimiter` port on rate-limiter-flexible: `policy.points` per `policy.windowSeconds` per
 * key, in a fixed window that opens with the key's first point. On Redis every instance draws on
 * the same budget; when Redis does not answer, the in-memory insurance does. An unexpected
 * failure lets the request through with a warning: a limiter never turns a request into a 500.
 *
 * @example
 * const limiter = flexibleRateLimiter(MEMORY_STORE, { points: 600, windowSeconds: 60 }, { name: 'public', logger });
 * await limiter.consume('203.0.113.7'); // { allowed: true } | { allowed: false, retryAfterSeconds }
 */
export const flexibleRateLimiter = (store: RateLimitStore, policy: RateLimitPolicy, options: FlexibleRateLimiterOptions): RateLimiter => {
  const limiter = backend(store, policy, options.name);
  const digestOf = lastDigestMemo();
  // A spent budget is a refusal; any other failure lets the request through, with a warning.
  const refused = (refusal: unknown): RateLimitDecision => {
    if (refusal instanceof RateLimiterRes)
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(refusal.msBeforeNext / 1000)) };
    options.logger.warn(
      { limiter: options.name, err: { message: refusal instanceof Error ? refusal.message : String(refusal) } },
      'rate limiter failed: request let through',
    );
    return ALLOWED;
  };
  return {
    // `then` rather than an async wrapper: every public request runs through here.
    consume: (key, cost = 1): Promise<RateLimitDecision> => {
      try {
        return limiter.consume(digestOf(key), cost).then(() => ALLOWED, refused);
      } catch (refusal) {
        return Promise.resolve(refused(refusal));
      }
    },
    refund: async (key, cost = 1): Promise<void> => {
      try {
        await limiter.reward(digestOf(key), cost);
      } catch (failure) {
        options.logger.warn(
          { limiter: options.name, err: { message: failure instanceof Error ? failure.message : String(failure) } },
          'rate limiter refund failed',
        );
      }
    },
  };
};
