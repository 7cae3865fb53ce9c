/** A secure key-value store; `expo-secure-store` has this shape. */
export interface SecureKV {
  /** The value under `key`, or null. */
  getItemAsync(key: string): Promise<string | null>;
  /** Stores `value` under `key`. */
  setItemAsync(key: string, value: string): Promise<void>;
  /** Deletes the value under `key`. */
  deleteItemAsync(key: string): Promise<void>;
}

/** The provider SDK's token cache shape, so the result can be passed to it directly. */
export interface TokenCache {
  /** The token under `key`, or null when absent or unreadable. */
  getToken(key: string): Promise<string | null>;
  /** Stores `token` under `key`. */
  saveToken(key: string, token: string): Promise<void>;
  /** Forgets the token under `key`. */
  clearToken(key: string): Promise<void>;
}

/** Why a stored entry was dropped. */
export type CorruptionReason = 'read-error' | 'invalid';

/** Options of `createSecureTokenCache`. */
export interface SecureTokenCacheOptions {
  /** Keeps one app's (or one publishable key's) entries apart from another's. */
  readonly namespace?: string;
  /** Whether a stored value is usable; default: non-empty, at most 8 KiB, three base64url parts (a JWT). */
  readonly validate?: (value: string) => boolean;
  /** Told which key was dropped and why; never the value, which is a credential. */
  readonly onCorrupt?: (key: string, reason: CorruptionReason) => void;
}

const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

/** The default `validate`: a non-empty JWT-shaped value of at most 8 KiB. */
export const looksLikeJwt = (value: string): boolean => value.length > 0 && value.length <= 8 * 1024 && JWT_SHAPE.test(value);

// Secure-store keys allow only [A-Za-z0-9._-]. Escaping '-' too (as -XXXX) keeps the mapping
// one-to-one; in the namespace '.' is escaped as well, so the first '.' always ends it.
const encodeKeyPart = (text: string, keep: RegExp): string =>
  [...text]
    .map((char) => (keep.test(char) ? char : [...char].map((unit) => `-${unit.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')))
    .join('');

/** The stored key for `key` under `namespace`. */
export const storedKey = (key: string, namespace?: string): string => {
  const encoded = encodeKeyPart(key, /^[A-Za-z0-9._]$/);
  return namespace === undefined ? encoded : `${encodeKeyPart(namespace, /^[A-Za-z0-9_]$/)}.${encoded}`;
};

/**
 * A token cache over secure storage with the spec's corruption rule: an entry that cannot be read
 * (e.g. a restored backup without its Keystore key) or is not a valid token is deleted and `null`
 * is returned, so the provider issues a new one. `getToken` never throws and never reports the
 * value; `saveToken` propagates write errors.
 *
 * @example
 * import * as SecureStore from 'expo-secure-store';
 * const tokenCache = createSecureTokenCache(SecureStore, { namespace: 'idv', onCorrupt: (key, reason) => log(key, reason) });
 */
export const createSecureTokenCache = (kv: SecureKV, options: SecureTokenCacheOptions = {}): TokenCache => {
  const validate = options.validate ?? looksLikeJwt;
  const drop = async (key: string, stored: string, reason: CorruptionReason): Promise<null> => {
    try {
      options.onCorrupt?.(key, reason);
    } catch {
      // A failing reporter must not turn a recoverable read into a sign-in failure.
    }
    try {
      await kv.deleteItemAsync(stored);
    } catch {
      // Nothing more to do: the next save overwrites it.
    }
    return null;
  };

  return {
    getToken: async (key) => {
      const stored = storedKey(key, options.namespace);
      let value: string | null;
      try {
        value = await kv.getItemAsync(stored);
      } catch {
        return drop(key, stored, 'read-error');
      }
      if (value === null || value === undefined) return null;
      let valid: boolean;
      try {
        valid = validate(value);
      } catch {
        valid = false;
      }
      return valid ? value : drop(key, stored, 'invalid');
    },
    saveToken: (key, token) => kv.setItemAsync(storedKey(key, options.namespace), token),
    clearToken: (key) => kv.deleteItemAsync(storedKey(key, options.namespace)),
  };
};
