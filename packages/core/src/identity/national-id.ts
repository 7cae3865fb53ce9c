import * as t from 'io-ts';
import * as E from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/lib/function.js';
import type { Membership } from '../membership/membership.js';
import { withJsonSchema } from '../shared/json-schema.js';

/** Brand of `NationalId`. */
export interface NationalIdBrand {
  readonly NationalId: unique symbol;
}
/** A national ID number: trimmed, 5–32 letters, digits or dashes. Personal data: never logged or echoed. */
export type NationalId = t.Branded<string, NationalIdBrand>;

const NATIONAL_ID = /^[A-Za-z0-9-]{5,32}$/;
const isNationalId = (u: unknown): u is NationalId => typeof u === 'string' && NATIONAL_ID.test(u);

/** Decodes a national ID, trimming it first; the failure message never repeats the value. */
export const NationalId = withJsonSchema(
  new t.Type<NationalId, string, unknown>(
    'NationalId',
    isNationalId,
    (input, context) =>
      pipe(
        t.string.validate(input, context),
        E.map((s) => s.trim()),
        E.chain((s) => (isNationalId(s) ? t.success(s) : t.failure('(redacted)', context, 'expected 5 to 32 letters, digits or dashes'))),
      ),
    (id) => id,
  ),
  { type: 'string', pattern: NATIONAL_ID.source, description: 'personal data: stored encrypted, never echoed' },
);

/** A national ID as stored: an opaque, authenticated ciphertext (the vault's format, e.g. compact JWE). */
export type SealedNationalId = string;

/**
 * Whether a membership has a compliance record: only a member who is in the organization now
 * (`active` or `suspended`). An invitee (`invited`, `pending_invitation`) has not joined, and a
 * `cancelled` row has left (declined, removed, left, or the user deleted, which cancels every
 * membership in the same unit of work that erases the national ID): their IDs are nobody's to read.
 */
export const hasComplianceRecord = (membership: Pick<Membership, 'status'>): boolean =>
  membership.status === 'active' || membership.status === 'suspended';
