import { EntitySchema } from '@mikro-orm/core';
import { MILLISECOND_TIMESTAMP } from './timestamp-columns.js';

/** An `organizations` row as the ORM sees it. */
export interface OrganizationRow {
  id: string;
  name: string;
  createdAt: Date;
  updatedAt: Date;
  /** Set when the provider deleted the owner; cleared when a Platform Admin transfers ownership. */
  ownerlessSince?: Date | null;
}

/** The `organizations` table; deleting a row cascades to its memberships, invitations and audit entries. */
export const OrganizationSchema = new EntitySchema<OrganizationRow>({
  name: 'Organization',
  tableName: 'organizations',
  properties: {
    id: { type: 'uuid', primary: true },
    name: { type: 'text' },
    createdAt: { ...MILLISECOND_TIMESTAMP, fieldName: 'created_at', defaultRaw: 'now()' },
    updatedAt: { ...MILLISECOND_TIMESTAMP, fieldName: 'updated_at', defaultRaw: 'now()' },
    ownerlessSince: { ...MILLISECOND_TIMESTAMP, fieldName: 'ownerless_since', nullable: true },
  },
  indexes: [
    // A Platform Admin's list of ownerless organizations pages on (ownerless_since, id), marked rows only.
    {
      name: 'organizations_ownerless_index',
      expression: 'create index "organizations_ownerless_index" on "organizations" ("ownerless_since", "id") where "ownerless_since" is not null',
    },
  ],
});
