import { createHash } from 'node:crypto';
import type { VerifiedSessionToken } from '@idv/core';

/** Recently verified session tokens, so a client reusing its token is not verified again. */
export interface VerifiedTokenCache {
  /** The session of a token verified earlier, while `nowMs` is before its `exp`. */
  get(token: string, nowMs: number): VerifiedSessionToken | undefined;
  /** Remembers a verified token until `expiresAtMs` (its `exp`, never later). */
  set(token: string, session: VerifiedSessionToken, expiresAtMs: number, nowMs: number): void;
  readonly size: number;
}

interface Entry {
  readonly session: VerifiedSessionToken;
  readonly expiresAtMs: number;
}

// Keyed by a digest, so the cache never holds a usable bearer token.
const keyOf = (token: string): string => createHash('sha256').update(token).digest('base64url');

/**
 * A bounded cache of verified tokens. Entries die at the token's `exp`; when full, the oldest entry
 * goes first (every token lives about 60 s, so oldest-first is close to least-recently-useful).
 *
 * @example
 * const cache = createVerifiedTokenCache(10_000);
 * cache.set(token, session, exp * 1000, Date.now());
 * cache.get(token, Date.now()); // session, until exp
 */
export const createVerifiedTokenCache = (maxEntries: number): VerifiedTokenCache => {
  const entries = new Map<string, Entry>();
  return {
    get(token, nowMs) {
      const key = keyOf(token);
      const entry = entries.get(key);
      if (entry === undefined) return undefined;
      if (nowMs < entry.expiresAtMs) return entry.session;
      entries.delete(key);
      return undefined;
    },
    set(token, session, expiresAtMs, nowMs) {
      if (maxEntries <= 0 || !(nowMs < expiresAtMs)) return;
      while (entries.size >= maxEntries) {
        const oldest = entries.keys().next();
        if (oldest.done === true) break;
        entries.delete(oldest.value);
      }
      entries.set(keyOf(token), { session, expiresAtMs });
    },
    get size() {
      return entries.size;
    },
  };
};
