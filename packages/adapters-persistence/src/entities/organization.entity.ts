import { EntitySchema } from '@mikro-orm/core';
import { MILLISECOND_TIMESTAMP } from './timestamp-columns.js';

/** An `organizations` row as the ORM sees it. */
export interface OrganizationRow {
  id: string;
  name: string;
  createdAt: Date;
  updatedAt: Date;
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
  },
});
