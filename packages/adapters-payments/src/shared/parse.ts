import * as E from 'fp-ts/lib/Either.js';
import { rejection, type CallbackRejection, type RawCallback } from '@idv/core';

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The body as UTF-8 text; invalid UTF-8 is malformed. */
const text = (body: Uint8Array): E.Either<CallbackRejection, string> => {
  try {
    return E.right(utf8.decode(body));
  } catch {
    return E.left(rejection.malformed('body is not UTF-8'));
  }
};

// PostgreSQL can store no NUL (text or jsonb): a callback holding one could never be recorded, and
// would answer 500 to every retry (found by the API fuzzer). It is malformed, whatever its signature.
const NUL = '\u0000';
const holdsNul = (value: unknown): boolean => {
  if (typeof value === 'string') return value.includes(NUL);
  if (typeof value !== 'object' || value === null) return false;
  return Object.entries(value).some(([key, member]) => key.includes(NUL) || holdsNul(member));
};

/** Requires the media type (parameters such as charset are allowed). */
export const requireMediaType = (raw: RawCallback, mediaType: string): E.Either<CallbackRejection, RawCallback> =>
  raw.contentType?.split(';')[0]?.trim().toLowerCase() === mediaType
    ? E.right(raw)
    : E.left(rejection.unsupportedMediaType(raw.contentType));

/** A form body's fields; a signed field that appears twice is malformed (reference §4.5: never let a parser pick one). */
export const parseForm = (raw: RawCallback, signed: readonly string[]): E.Either<CallbackRejection, ReadonlyMap<string, string>> => {
  const media = requireMediaType(raw, 'application/x-www-form-urlencoded');
  if (E.isLeft(media)) return media;
  const body = text(raw.body);
  if (E.isLeft(body)) return body;
  const fields = new Map<string, string>();
  for (const [key, value] of new URLSearchParams(body.right)) {
    if (holdsNul(key) || holdsNul(value)) return E.left(rejection.malformed('a field holds a NUL character'));
    if (fields.has(key) && signed.includes(key)) return E.left(rejection.malformed(`duplicate field ${key}`));
    if (!fields.has(key)) fields.set(key, value);
  }
  return E.right(fields);
};

/** A JSON body whose top level is an object. */
export const parseJsonObject = (raw: RawCallback): E.Either<CallbackRejection, Readonly<Record<string, unknown>>> => {
  const media = requireMediaType(raw, 'application/json');
  if (E.isLeft(media)) return media;
  const body = text(raw.body);
  if (E.isLeft(body)) return body;
  try {
    const value: unknown = JSON.parse(body.right);
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      return E.left(rejection.malformed('body is not a JSON object'));
    return holdsNul(value) ? E.left(rejection.malformed('a field holds a NUL character')) : E.right(value as Record<string, unknown>);
  } catch {
    return E.left(rejection.malformed('body is not JSON'));
  }
};

/** A JSON value as the text the provider signed: strings as they are, safe integers in decimal; anything else is malformed. */
export const signedText = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : undefined;

/** An optional unsigned string field (numbers rendered), for audit only. */
export const unsignedText = (value: unknown): string | undefined => signedText(value);

/** An optional unsigned number field, for audit only. */
export const unsignedNumber = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

/** Reads the named signed fields of a JSON object; the first missing or ill-typed one is malformed. */
export const signedFields = <K extends string>(
  body: Readonly<Record<string, unknown>>,
  names: readonly K[],
): E.Either<CallbackRejection, Record<K, string>> => {
  const out = {} as Record<K, string>;
  for (const name of names) {
    const value = signedText(body[name]);
    if (value === undefined) return E.left(rejection.malformed(`${name} missing or not a string or integer`));
    out[name] = value;
  }
  return E.right(out);
};
