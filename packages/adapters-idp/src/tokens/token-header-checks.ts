import * as E from 'fp-ts/lib/Either.js';
import { parseJsonWithoutDuplicates } from './json-members.js';

/** The provider's `cat` (token category) values a session token may carry (wire format §3.1). */
const SESSION_CATEGORIES: ReadonlySet<unknown> = new Set(['cl_B7d4PD111AAA', 'cl_I7d4PD111III']);
const MACHINE_TYPES: ReadonlySet<unknown> = new Set(['at+jwt', 'application/at+jwt']);
const REMEMBERED_HEADERS = 16;
/** The provider's key ids are short and url-safe; anything else (a path, a URL, a query) is no `kid` of theirs. */
const KEY_ID = /^[A-Za-z0-9_-]{1,64}$/;
/** Headers that name or carry a key of the sender's choosing: the provider's key set alone decides. */
const KEY_BEARING_HEADERS = ['jku', 'x5u', 'jwk', 'x5c'] as const;

/**
 * Refuses, before any key lookup, a compact JWS header that is not a provider session token's: not
 * a JSON object or repeating a member name, without `kid` (the provider always sets one) or with one
 * outside `^[A-Za-z0-9_-]{1,64}$`, naming a key of its own (`jku`, `x5u`, `jwk`, `x5c`), of a
 * machine-to-machine `cat`/`typ` (the provider's `token-type-mismatch`) or of another `typ`. It only
 * ever rejects, so reading the header unverified is safe; jose still checks everything.
 */
const checkTokenHeader = (encodedHeader: string): E.Either<string, void> => {
  const header = parseJsonWithoutDuplicates(Buffer.from(encodedHeader, 'base64url').toString('utf8'));
  if (typeof header !== 'object' || header === null || Array.isArray(header)) return E.left('token-malformed');
  const { kid, typ, cat } = header as Record<string, unknown>;
  if (typeof kid !== 'string' || kid.trim() === '') return E.left('token-missing-kid');
  if (!KEY_ID.test(kid)) return E.left('token-invalid-kid');
  if (KEY_BEARING_HEADERS.some((name) => name in header)) return E.left('token-key-in-header');
  if (MACHINE_TYPES.has(typ)) return E.left('token-type-mismatch');
  if ('cat' in header && !SESSION_CATEGORIES.has(cat)) return E.left('token-type-mismatch');
  if (typ !== undefined && typ !== 'JWT') return E.left('token-invalid-type');
  return E.right(undefined);
};

/** The header check of one verifier, skipped for headers its verified tokens already carried. */
export interface TokenHeaderChecks {
  /** `checkTokenHeader`, or Right at once for a header remembered as verified. */
  check(encodedHeader: string): E.Either<string, void>;
  /** Remembers the header of a token that passed every check. */
  verified(encodedHeader: string): void;
}

/**
 * The provider signs every token of a key under the same header, so a new token's header is nearly
 * always one a verified token already carried; checking it again decoded and parsed it for nothing
 *. Only headers of verified tokens are remembered, so forgeries cannot fill the memory,
 * and it starts over once it holds `REMEMBERED_HEADERS` (a key rotation adds one).
 */
export const createTokenHeaderChecks = (): TokenHeaderChecks => {
  const verifiedHeaders = new Set<string>();
  return {
    check: (encodedHeader) => (verifiedHeaders.has(encodedHeader) ? E.right(undefined) : checkTokenHeader(encodedHeader)),
    verified: (encodedHeader) => {
      if (verifiedHeaders.has(encodedHeader)) return;
      if (verifiedHeaders.size >= REMEMBERED_HEADERS) verifiedHeaders.clear();
      verifiedHeaders.add(encodedHeader);
    },
  };
};
