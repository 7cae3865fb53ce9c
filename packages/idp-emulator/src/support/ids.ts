import { randomBytes, randomInt } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** `length` random base62 characters. */
export const base62 = (length: number): string => Array.from({ length }, () => BASE62[randomInt(62)]).join('');

/** A provider-style id: `prefix_` followed by 27 base62 characters (e.g. `user_…`, `ins_…`). */
export const newId = (prefix: string): string => `${prefix}_${base62(27)}`;

/** A random lowercase hex string of `bytes` random bytes. */
export const randomHex = (bytes: number): string => randomBytes(bytes).toString('hex');
