// One-shot `hash` (Node ≥ 20.12): no Hash object per call, on every request.
import { hash } from 'node:crypto';
import type { VerifiedSessionToken } from '@idv/core';

/** Recently verified session tokens, so a client reusing its token is not verified again. */
export interface VerifiedTokenCache {
  /** The session of a token verified earlier, while `nowMs` is before its `exp`; its key either way (for `set`). */
  get(token: string, nowMs: number): { readonly session: VerifiedSessionToken | undefined; readonly key: TokenKey };
  /**
   * Offers a verified token, by the key `get` gave, to be remembered until `expiresAtMs` (its `exp`,
   * never later). The first offer of a token only notes that it was seen; a second one stores it.
   */
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

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const SIX_BITS = new Uint8Array(128);
for (let value = 0; value < BASE64URL.length; value += 1) SIX_BITS[BASE64URL.charCodeAt(value)] = value;

/** 30 bits of a digest, read from five of its base64url characters starting at `from`. */
const digestBits = (key: TokenKey, from: number): number => {
  let bits = 0;
  for (let at = from; at < from + 5; at += 1) bits = (bits << 6) | (SIX_BITS[key.charCodeAt(at)] ?? 0);
  return bits;
};

/**
 * The tokens offered once: a slot per digest prefix holding 30 more bits of the digest. Typed
 * memory, so a stream of tokens used once costs no objects for the collector. A later token may
 * take a slot over; the earlier one then needs two more verifications to be stored.
 */
const createDoorkeeper = (maxEntries: number) => {
  let slots = 1024;
  while (slots < 2 * maxEntries) slots *= 2;
  const seen = new Uint32Array(slots);
  return {
    /** Whether the token was offered before; it is noted as offered either way. */
    seenBefore(key: TokenKey): boolean {
      const slot = digestBits(key, 0) & (slots - 1);
      const fingerprint = digestBits(key, 5) + 1;
      if (seen[slot] === fingerprint) return true;
      seen[slot] = fingerprint;
      return false;
    },
  };
};

/**
 * A bounded cache of verified tokens. A token is stored once it has been verified twice, so tokens
 * used once (one-off calls, or a stream of fresh tokens) never evict the ones clients reuse and add
 * no upkeep (with every request on a new token, storing each one cost 10 % of the throughput,
 * 7 % of which this admission won back).
 * Entries die at the token's `exp`; when full, the oldest entry goes first (every token lives about
 * 60 s, so oldest-first is close to least-recently-useful).
 *
 * @example
 * const cache = createVerifiedTokenCache(10_000);
 * const { session, key } = cache.get(token, Date.now()); // undefined: verify it, then
 * cache.set(key, verified, exp * 1000, Date.now());       // from its second verification on, later gets answer `verified` until exp
 */
export const createVerifiedTokenCache = (maxEntries: number): VerifiedTokenCache => {
  const entries = new Map<string, Entry>();
  const doorkeeper = createDoorkeeper(maxEntries);
  // Evictions walk the insertion order with one live iterator. A fresh `keys().next()` would step
  // over every entry deleted before it, thousands once the cache is full: 8 µs per new token.
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
      if (maxEntries <= 0 || !(nowMs < expiresAtMs) || !doorkeeper.seenBefore(key)) return;
      while (entries.size >= maxEntries) evictOldest();
      entries.set(key, { session, expiresAtMs });
    },
    get size() {
      return entries.size;
    },
  };
};
