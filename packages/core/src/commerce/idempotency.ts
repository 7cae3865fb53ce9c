import * as t from 'io-ts';
import * as E from 'fp-ts/lib/Either.js';
import { withJsonSchema } from '../shared/json-schema.js';
import {
  idempotencyKeyInProgress,
  idempotencyKeyReused,
  type IdempotencyKeyInProgress,
  type IdempotencyKeyReused,
} from './commerce.errors.js';

/** How long an `Idempotency-Key` is kept: the same key within it answers the first answer again. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/** Brand of `IdempotencyKey`. */
export interface IdempotencyKeyBrand {
  readonly IdempotencyKey: unique symbol;
}
const KEY_PATTERN = /^[\x21-\x7e]{8,255}$/;
/** An `Idempotency-Key` header: 8–255 visible ASCII characters (a UUID is the usual choice). */
export const IdempotencyKey = withJsonSchema(
  t.brand(t.string, (s): s is t.Branded<string, IdempotencyKeyBrand> => KEY_PATTERN.test(s), 'IdempotencyKey'),
  { type: 'string', pattern: KEY_PATTERN.source, description: 'a UUID is the usual choice' },
);
/** An idempotency key. */
export type IdempotencyKey = t.TypeOf<typeof IdempotencyKey>;

/** The answer a request with a key got, kept to be answered again (never card data: see `fingerprintText`). */
export interface IdempotencyAnswer {
  readonly status: number;
  readonly body: unknown;
}

/** A kept key: what it was first sent with (a keyed fingerprint of the body), and its answer once there is one. */
export interface IdempotencyRecord {
  /** What the key is unique within (e.g. `purchase:<organization id>`). */
  readonly scope: string;
  readonly key: IdempotencyKey;
  /** The keyed HMAC of the body's canonical text (see `fingerprintText`). */
  readonly fingerprint: string;
  /** Null while the first request is still being answered. */
  readonly answer: IdempotencyAnswer | null;
  readonly createdAt: Date;
  readonly expiresAt: Date;
}

/**
 * Whether an answer is kept under its key, to be answered again. Not kept, so a retry with the same
 * key runs afresh: a 5xx (the provider or the database away), a 403 (the bot check refused a token;
 * the retry brings a new one) and a 429 (a budget said wait; the retry comes after the wait).
 */
export const isKeptAnswer = (status: number): boolean => status < 500 && status !== 403 && status !== 429;

/** What a repeated key answers, from the record it found. */
export type RepeatedKeyError = IdempotencyKeyReused | IdempotencyKeyInProgress;

/**
 * Judges a request whose key was already kept: the same body answers the first answer again; another
 * body is `IdempotencyKeyReused`; the same body while the first is still running is `IdempotencyKeyInProgress`.
 *
 * @example
 * judgeRepeat(existing, fingerprint); // Right(first answer) | Left(IdempotencyKeyReused)
 */
export const judgeRepeat = (existing: IdempotencyRecord, fingerprint: string): E.Either<RepeatedKeyError, IdempotencyAnswer> => {
  if (existing.fingerprint !== fingerprint) return E.left(idempotencyKeyReused());
  return existing.answer === null ? E.left(idempotencyKeyInProgress()) : E.right(existing.answer);
};

const canonical = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(canonical);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
};

/**
 * The canonical text of a body to fingerprint (keys sorted at every level), without the fields named
 * in `omit` (a purchase leaves out `card` and `nationalId`, so nothing derived from them is kept).
 *
 * @example
 * fingerprintText({ planId, card: { … }, email }, ['card', 'nationalId']); // '{"email":…,"planId":…}'
 */
export const fingerprintText = (body: Readonly<Record<string, unknown>>, omit: readonly string[]): string =>
  JSON.stringify(canonical(Object.fromEntries(Object.entries(body).filter(([key]) => !omit.includes(key)))));
