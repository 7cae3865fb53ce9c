import { BigIntType, EntitySchema } from '@mikro-orm/core';

/** A `users` row as the ORM sees it; core never sees this type. */
export interface UserRow {
  id: string;
  idpId: string;
  email: string | null;
  /** The provider's verification state of the primary email; null when unknown (rows stored before it was kept). */
  emailVerified: boolean | null;
  imageUrl: string | null;
  idpUpdatedAt: number | null;
  deletedAt: Date | null;
  /** The user's language, a canonical BCP 47 tag; null until a request names one. */
  locale: string | null;
  createdAt: Date;
}

/** The name of the unique constraint on `users.idp_id`. */
export const USERS_IDP_ID_UNIQUE = 'users_idp_id_unique';

/** The `users` table: one row per provider user, soft-deleted, never removed. */
export const UserSchema = new EntitySchema<UserRow>({
  name: 'User',
  tableName: 'users',
  properties: {
    id: { type: 'uuid', primary: true },
    idpId: { type: 'text', fieldName: 'idp_id' },
    email: { type: 'text', nullable: true },
    emailVerified: { type: 'boolean', fieldName: 'email_verified', nullable: true },
    imageUrl: { type: 'text', fieldName: 'image_url', nullable: true },
    idpUpdatedAt: { type: new BigIntType('number'), fieldName: 'idp_updated_at', nullable: true },
    deletedAt: { type: 'datetime', columnType: 'timestamptz', fieldName: 'deleted_at', nullable: true },
    locale: { type: 'text', nullable: true },
    createdAt: { type: 'datetime', columnType: 'timestamptz', fieldName: 'created_at', defaultRaw: 'now()' },
  },
  uniques: [{ name: USERS_IDP_ID_UNIQUE, properties: ['idpId'] }],
  indexes: [
    // A purchase's grant finds the live account holding the buyer's address verified (path 2).
    {
      name: 'users_verified_email_index',
      expression: `create index "users_verified_email_index" on "users" (lower("email")) where "email_verified" and "deleted_at" is null`,
    },
  ],
});
