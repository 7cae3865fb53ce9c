import { PlanCurrency, PlanPeriod, PlanRole } from '@idv/core';
import { EntitySchema } from '@mikro-orm/core';
import type { OrganizationRow } from './organization.entity.js';
import { MILLISECOND_TIMESTAMP } from './timestamp-columns.js';

/** A `plans` row as the ORM sees it. */
export interface PlanRow {
  id: string;
  organization: OrganizationRow;
  name: string;
  /** `{ en?, tr? }`. */
  description: object;
  priceMinor: bigint;
  currency: PlanCurrency;
  period: PlanPeriod;
  grantsRole: PlanRole;
  /** The agreement templates' ids (a JSON array of UUIDs, checked by the agreements area once it exists). */
  agreementTemplateIds: string[];
  onSale: boolean;
  seatLimit: number | null;
  archivedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The `plans` table: what an organization sells on its public page. Plans are archived, never deleted. */
export const PlanSchema = new EntitySchema<PlanRow>({
  name: 'Plan',
  tableName: 'plans',
  properties: {
    id: { type: 'uuid', primary: true },
    organization: { kind: 'm:1', entity: 'Organization', fieldName: 'organization_id', deleteRule: 'restrict' },
    name: { type: 'text' },
    description: { type: 'json', columnType: 'jsonb' },
    priceMinor: { type: 'bigint', fieldName: 'price_minor' },
    currency: { enum: true, items: Object.keys(PlanCurrency.keys) },
    period: { enum: true, items: Object.keys(PlanPeriod.keys) },
    grantsRole: { enum: true, items: Object.keys(PlanRole.keys), fieldName: 'grants_role' },
    agreementTemplateIds: { type: 'json', columnType: 'jsonb', fieldName: 'agreement_template_ids' },
    onSale: { type: 'boolean', fieldName: 'on_sale' },
    seatLimit: { type: 'integer', fieldName: 'seat_limit', nullable: true },
    archivedAt: { ...MILLISECOND_TIMESTAMP, fieldName: 'archived_at', nullable: true },
    createdAt: { ...MILLISECOND_TIMESTAMP, fieldName: 'created_at', defaultRaw: 'now()' },
    updatedAt: { ...MILLISECOND_TIMESTAMP, fieldName: 'updated_at', defaultRaw: 'now()' },
  },
  indexes: [
    // An organization's list pages on (created_at, id).
    { name: 'plans_organization_created_index', properties: ['organization', 'createdAt', 'id'] },
  ],
});
