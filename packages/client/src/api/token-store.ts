import { tokenExpiryMs } from './token-expiry.js';

/** Where the store gets tokens from (the provider's `getToken({ skipCache })`). */
export type TokenSource = (options: { forceRefresh: boolean }) => Promise<string | null>;

/**
 * The API client's in-memory token layer: a cache of at most `ttlMs` that never outlives the
 * token's `exp − skewMs`, one in-flight normal fetch and one in-flight forced refresh.
 */
export interface TokenStore {
  /** The cached token, or one (shared) fetch of it; a forced refresh in flight is awaited instead. */
  current(): Promise<string | null>;
  /** A forced refresh after `failed` got a 401; reuses a newer token if one already replaced it. */
  refreshAfter(failed: string): Promise<string | null>;
  /** The last token obtained, even once the provider has none left (the sign-out's revoke still sends it). */
  last(): string | null;
  /** Drops the cache. */
  invalidate(): void;
}

/** Creates the token layer of `createApiClient`. */
export const createTokenStore = (source: TokenSource, now: () => number, ttlMs: number, skewMs: number): TokenStore => {
  let cached: { token: string; until: number } | undefined;
  let latest: string | null = null;
  let lastIssued: string | null = null;
  let fetching: Promise<string | null> | undefined;
  let refreshing: Promise<string | null> | undefined;
  let generation = 0;

  const keep = (token: string | null): string | null => {
    latest = token;
    cached = undefined;
    if (token === null) return null;
    lastIssued = token;
    const at = now();
    const expiry = tokenExpiryMs(token);
    // Spec: 10 s in memory; never past the token's own expiry (an expired token is never cached).
    const lifetime = Math.min(ttlMs, expiry === undefined ? ttlMs : expiry - skewMs - at);
    if (lifetime > 0) cached = { token, until: at + lifetime };
    return token;
  };

  const once = (forceRefresh: boolean, clear: () => void): Promise<string | null> => {
    if (forceRefresh) generation += 1;
    const started = generation;
    // A normal fetch that a forced refresh overtook answers its callers but does not replace the newer token.
    return source({ forceRefresh })
      .then((token) => (started === generation ? keep(token) : token))
      .finally(clear);
  };

  return {
    current: () => {
      if (refreshing !== undefined) return refreshing;
      if (cached !== undefined && now() < cached.until) return Promise.resolve(cached.token);
      fetching ??= once(false, () => (fetching = undefined));
      return fetching;
    },
    refreshAfter: (failed) => {
      if (cached?.token === failed) cached = undefined;
      if (refreshing !== undefined) return refreshing;
      // Another request already replaced the token that failed: retry with that one, no new refresh.
      if (latest !== null && latest !== failed) return Promise.resolve(latest);
      refreshing = once(true, () => (refreshing = undefined));
      return refreshing;
    },
    last: () => lastIssued,
    invalidate: () => {
      cached = undefined;
    },
  };
};
