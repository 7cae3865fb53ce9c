import * as t from 'io-ts';
import { withJsonSchema } from '../shared/json-schema.js';

/** Brand of `Email` (exported so declarations can name it). */
export interface EmailBrand {
  readonly Email: unique symbol;
}

// Found by the webhook fuzzer: no control characters; PostgreSQL text cannot hold a NUL.
// eslint-disable-next-line no-control-regex -- control characters are what it refuses
const EMAIL_SHAPE = /^[^\s@\u0000-\u001f\u007f]+@[^\s@\u0000-\u001f\u007f]+$/;

/** An email address, trimmed and lower-cased so that comparisons are case-insensitive by contract. */
export type Email = t.Branded<string, EmailBrand>;

const MAX_EMAIL_LENGTH = 320;

const isEmail = (u: unknown): u is Email =>
  typeof u === 'string' && u.length <= MAX_EMAIL_LENGTH && EMAIL_SHAPE.test(u) && u === u.toLowerCase();

/** Decodes any string that looks like an address into its normalised form. */
export const Email = withJsonSchema(
  new t.Type<Email, string, unknown>(
    'Email',
    isEmail,
    // Plain branches rather than a pipe: every webhook decodes each of its addresses (docs/performance.md).
    (input, context) => {
      if (typeof input !== 'string') return t.failure(input, context);
      const normalised = input.trim().toLowerCase();
      return isEmail(normalised) ? t.success(normalised) : t.failure(input, context, 'expected an email address');
    },
    (email) => email,
  ),
  { type: 'string', format: 'email', maxLength: MAX_EMAIL_LENGTH, description: 'trimmed and lower-cased on decoding' },
);
