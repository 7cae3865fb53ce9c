import { EntitySchema } from '@mikro-orm/core';

/** An `organizations` row as the ORM sees it. */
export interface OrganizationRow {
  id: string;
  name: string;
  createdAt: Date;
}

/** The `organizations` table. */
export const OrganizationSchema = new EntitySchema<OrganizationRow>({
  name: 'Organization',
  tableName: 'organizations',
  properties: {
    id: { type: 'uuid', primary: true },
    name: { type: 'text' },
    createdAt: { type: 'datetime', columnType: 'timestamptz', fieldName: 'created_at', defaultRaw: 'now()' },
  },
});
