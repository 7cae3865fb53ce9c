import { Email, IdpUserId, Locale, UserId, type User } from '@idv/core';
import * as E from 'fp-ts/lib/Either.js';
import { toDate, toNumber, type DateParser } from './column-values.js';
import { decodeColumn, decodeNullable, Text, type ColumnCodec } from './decode-column.js';

/** A `users` row exactly as raw SQL returns it (snake_case columns). */
export interface UserRecord {
  readonly id: unknown;
  readonly idp_id: unknown;
  readonly email: unknown;
  readonly email_verified: unknown;
  readonly image_url: unknown;
  readonly idp_updated_at: unknown;
  readonly deleted_at: unknown;
  readonly locale: unknown;
}

/** A boolean column (PostgreSQL and PGlite both hand back a JS boolean). */
const Bool: ColumnCodec<boolean> = {
  name: 'boolean',
  decode: (input) => (typeof input === 'boolean' ? E.right(input) : E.left(input)),
};

/** Decodes a `users` row into the core `User` (a row that does not decode is a defect). */
export const userToDomain = (row: UserRecord, parseDate: DateParser): User => ({
  id: decodeColumn(UserId, row.id, 'users.id'),
  idpId: decodeColumn(IdpUserId, row.idp_id, 'users.idp_id'),
  email: decodeNullable(Email, row.email, 'users.email'),
  // NULL is "unknown" (a row stored before the state was kept), never read as verified.
  emailVerified: decodeNullable(Bool, row.email_verified, 'users.email_verified'),
  imageUrl: decodeNullable(Text, row.image_url, 'users.image_url'),
  idpUpdatedAt: toNumber(row.idp_updated_at),
  deletedAt: toDate(row.deleted_at, parseDate),
  locale: decodeNullable(Locale, row.locale, 'users.locale'),
});

/** Maps a core `User` to the `users` columns, in the order the insert statements list them (the language is written on its own). */
export const userToRow = (
  user: Omit<User, 'locale'>,
): readonly [string, string, string | null, boolean | null, string | null, number | null, Date | null] => [
  user.id,
  user.idpId,
  user.email,
  user.emailVerified,
  user.imageUrl,
  user.idpUpdatedAt,
  user.deletedAt,
];
