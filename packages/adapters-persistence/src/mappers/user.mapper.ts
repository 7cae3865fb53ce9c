import type { Email, IdpUserId, User, UserId } from '@idv/core';
import { toDate, toNumber, type DateParser } from './column-values.js';

/** A `users` row exactly as raw SQL returns it (snake_case columns). */
export interface UserRecord {
  readonly id: string;
  readonly idp_id: string;
  readonly email: string | null;
  readonly image_url: string | null;
  readonly idp_updated_at: unknown;
  readonly deleted_at: unknown;
}

/** Maps a `users` row to the core `User`. */
export const userToDomain = (row: UserRecord, parseDate: DateParser): User => ({
  id: row.id as UserId,
  idpId: row.idp_id as IdpUserId,
  email: row.email as Email | null,
  imageUrl: row.image_url,
  idpUpdatedAt: toNumber(row.idp_updated_at),
  deletedAt: toDate(row.deleted_at, parseDate),
});

/** Maps a core `User` to the `users` columns, in the order the insert statements list them. */
export const userToRow = (user: User): readonly [string, string, string | null, string | null, number | null, Date | null] => [
  user.id,
  user.idpId,
  user.email,
  user.imageUrl,
  user.idpUpdatedAt,
  user.deletedAt,
];
