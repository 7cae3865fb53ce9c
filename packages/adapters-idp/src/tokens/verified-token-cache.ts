// One-shot `hash` (Node ≥ 20.12): no Hash object per call, on every request (issue #7).
import { hash } from 'node:crypto';
import type { VerifiedSessionToken } from '@idv/core';

/** Recently verified session tokens, so a client reusing its token is not verified again. */
export interface VerifiedTokenCache {
  /** The session of a token verified earlier, while `nowMs` is before its `exp`; its key either way (for `set`). */
  get(token: string, nowMs: number): { readonly session: VerifiedSessionToken | undefined; readonly key: TokenKey };
  /** Remembers a verified token, by the key `get` gave, until `expiresAtMs` (its `exp`, never later). */
  set(key: TokenKey, session: VerifiedSessionToken, expiresAtMs: number, nowMs: number): void;
  readonly size: number;
}

/** A token's digest: what the cache is keyed by, computed once per verification. */
export type TokenKey = string & { readonly __tokenKey: unique symbol };

interface Entry {
  readonly session: VerifiedSessionToken;
  readonly expiresAtMs: number;
}

// Keyed by a digest, so the cache never holds a usable bearer token.
const keyOf = (token: string): TokenKey => hash('sha256', token, 'base64url') as TokenKey;

/**
 * A bounded cache of verified tokens. Entries die at the token's `exp`; when full, the oldest entry
 * goes first (every token lives about 60 s, so oldest-first is close to least-recently-useful).
 *
 * @example
 * const cache = createVerifiedTokenCache(10_000);
 * const { session, key } = cache.get(token, Date.now()); // undefined: verify it, then
 * cache.set(key, verified, exp * 1000, Date.now());       // later gets answer `verified`, until exp
 */
export const createVerifiedTokenCache = (maxEntries: number): VerifiedTokenCache => {
  const entries = new Map<string, Entry>();
  // Evictions walk the insertion order with one live iterator. A fresh `keys().next()` would step
  // over every entry deleted before it, thousands once the cache is full: 8 µs per new token (issue #7).
  let oldestFirst = entries.keys();
  const evictOldest = (): void => {
    let oldest = oldestFirst.next();
    // A finished iterator stays finished, even once entries are added again.
    if (oldest.done === true) oldest = (oldestFirst = entries.keys()).next();
    if (oldest.done !== true) entries.delete(oldest.value);
  };
  return {
    get(token, nowMs) {
      const key = keyOf(token);
      const entry = entries.get(key);
      if (entry === undefined) return { session: undefined, key };
      if (nowMs < entry.expiresAtMs) return { session: entry.session, key };
      entries.delete(key);
      return { session: undefined, key };
    },
    set(key, session, expiresAtMs, nowMs) {
      if (maxEntries <= 0 || !(nowMs < expiresAtMs)) return;
      while (entries.size >= maxEntries) evictOldest();
      entries.set(key, { session, expiresAtMs });
    },
    get size() {
      return entries.size;
    },
  };
};
