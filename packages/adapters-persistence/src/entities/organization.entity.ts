import { EntitySchema } from '@mikro-orm/core';
import { MILLISECOND_TIMESTAMP } from './timestamp-columns.js';

/** An `organizations` row as the ORM sees it. */
export interface OrganizationRow {
  id: string;
  name: string;
  /** Unique over every row, deleted ones included: a deleted organization's slug is never reused. */
  slug: string;
  createdAt: Date;
  updatedAt: Date;
  /** Set by a soft delete: the row stays (payments and the audit trail name it) and reads treat it as absent. */
  deletedAt: Date | null;
  /** Set when the provider deleted the owner; cleared when a Platform Admin transfers ownership. */
  ownerlessSince?: Date | null;
}

/**
 * The `organizations` table. Deleting an organization is a soft delete (`deleted_at`): its payments,
 * their callbacks, its subscriptions and its audit trail restrict a hard delete, so none is lost.
 */
export const OrganizationSchema = new EntitySchema<OrganizationRow>({
  name: 'Organization',
  tableName: 'organizations',
  properties: {
    id: { type: 'uuid', primary: true },
    name: { type: 'text' },
    slug: { type: 'text' },
    createdAt: { ...MILLISECOND_TIMESTAMP, fieldName: 'created_at', defaultRaw: 'now()' },
    updatedAt: { ...MILLISECOND_TIMESTAMP, fieldName: 'updated_at', defaultRaw: 'now()' },
    deletedAt: { ...MILLISECOND_TIMESTAMP, fieldName: 'deleted_at', nullable: true },
    ownerlessSince: { ...MILLISECOND_TIMESTAMP, fieldName: 'ownerless_since', nullable: true },
  },
  uniques: [{ name: 'organizations_slug_unique', properties: ['slug'] }],
  indexes: [
    // A Platform Admin's list of ownerless organizations pages on (ownerless_since, id), marked rows only.
    {
      name: 'organizations_ownerless_index',
      expression:
        'create index "organizations_ownerless_index" on "organizations" ("ownerless_since", "id") where "ownerless_since" is not null',
    },
  ],
});
