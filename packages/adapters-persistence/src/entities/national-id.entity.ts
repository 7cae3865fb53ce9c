import { EntitySchema } from '@mikro-orm/core';
import { MILLISECOND_TIMESTAMP } from './timestamp-columns.js';
import type { UserRow } from './user.entity.js';

/** A `national_ids` row as the ORM sees it. */
export interface NationalIdRow {
  user: UserRow;
  /** The vault's opaque, authenticated ciphertext (it names its own key); never the number itself. */
  sealed: string;
  createdAt: Date;
  updatedAt: Date;
}

/** The `national_ids` table: one sealed national ID per user, kept off the `users` hot path. */
export const NationalIdSchema = new EntitySchema<NationalIdRow>({
  name: 'NationalId',
  tableName: 'national_ids',
  properties: {
    user: { kind: 'm:1', entity: 'User', fieldName: 'user_id', primary: true, deleteRule: 'cascade' },
    sealed: { type: 'text' },
    createdAt: { ...MILLISECOND_TIMESTAMP, fieldName: 'created_at', defaultRaw: 'now()' },
    updatedAt: { ...MILLISECOND_TIMESTAMP, fieldName: 'updated_at', defaultRaw: 'now()' },
  },
});
