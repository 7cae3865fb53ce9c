import * as E from 'fp-ts/lib/Either.js';
import { parseJsonWithoutDuplicates } from './json-members.js';

/** The provider's `cat` (token category) values a session token may carry (wire format §3.1). */
const SESSION_CATEGORIES: ReadonlySet<unknown> = new Set(['cl_B7d4PD111AAA', 'cl_I7d4PD111III']);
const MACHINE_TYPES: ReadonlySet<unknown> = new Set(['at+jwt', 'application/at+jwt']);

const segment = (encoded: string): Record<string, unknown> | undefined => {
  const value = parseJsonWithoutDuplicates(Buffer.from(encoded, 'base64url').toString('utf8'));
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
};

/**
 * Refuses, before any key lookup, a compact JWS that is not a provider session token: a header or
 * payload that is not a JSON object or repeats a member name, a header without `kid` (the provider
 * always sets one), or a machine-to-machine `cat`/`typ` (the provider's `token-type-mismatch`).
 * It only ever rejects, so reading the segments unverified is safe; jose still checks everything.
 */
export const checkUnverifiedToken = (token: string): E.Either<string, void> => {
  const [encodedHeader = '', encodedPayload = ''] = token.split('.');
  const header = segment(encodedHeader);
  const payload = segment(encodedPayload);
  if (header === undefined || payload === undefined) return E.left('token-malformed');
  if (typeof header['kid'] !== 'string' || header['kid'].trim() === '') return E.left('token-missing-kid');
  if (MACHINE_TYPES.has(header['typ'])) return E.left('token-type-mismatch');
  if ('cat' in header && !SESSION_CATEGORIES.has(header['cat'])) return E.left('token-type-mismatch');
  return E.right(undefined);
};
