import { OrganizationId, OrganizationName, type Organization, type OwnerlessOrganization } from '@idv/core';
import type { DateParser } from './column-values.js';
import { decodeColumn, requireDate } from './decode-column.js';

/** An `organizations` row as raw SQL returns it. */
export interface OrganizationRecord {
  readonly id: unknown;
  readonly name: unknown;
  readonly created_at: unknown;
  readonly updated_at: unknown;
}

/** Decodes an `organizations` row into the core `Organization`. */
export const organizationToDomain = (row: OrganizationRecord, parseDate: DateParser): Organization => ({
  id: decodeColumn(OrganizationId, row.id, 'organizations.id'),
  name: decodeColumn(OrganizationName, row.name, 'organizations.name'),
  createdAt: requireDate(row.created_at, parseDate, 'organizations.created_at'),
  updatedAt: requireDate(row.updated_at, parseDate, 'organizations.updated_at'),
});

/** The `organizations` columns of a core `Organization`, in the order the insert lists them. */
export const organizationToRow = (organization: Organization): readonly [string, string, Date, Date] => [
  organization.id,
  organization.name,
  organization.createdAt,
  organization.updatedAt,
];

/** An `organizations` row read with its ownerless mark. */
export interface OwnerlessOrganizationRecord extends OrganizationRecord {
  readonly ownerless_since: unknown;
}

/** Decodes a marked `organizations` row into the core `OwnerlessOrganization`. */
export const ownerlessOrganizationToDomain = (row: OwnerlessOrganizationRecord, parseDate: DateParser): OwnerlessOrganization => ({
  ...organizationToDomain(row, parseDate),
  ownerlessSince: requireDate(row.ownerless_since, parseDate, 'organizations.ownerless_since'),
});
