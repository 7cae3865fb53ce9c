import { Email, MembershipId, MembershipStatus, OrganizationId, Role, UserId, type Membership, type MembershipSummary } from '@idv/core';
import type { DateParser } from './column-values.js';
import { decodeColumn, decodeNullable, requireDate, Text } from './decode-column.js';

/** A membership joined with its organization, as raw SQL returns it. */
export interface MembershipSummaryRecord {
  readonly id: unknown;
  readonly organization_id: unknown;
  readonly organization_name: unknown;
  readonly role: unknown;
  readonly status: unknown;
}

/** A `memberships` row with `email` already resolved (the user's current address, else the stored one). */
export interface MembershipRecord {
  readonly id: unknown;
  readonly organization_id: unknown;
  readonly user_id: unknown;
  readonly role: unknown;
  readonly status: unknown;
  readonly email: unknown;
  readonly created_at: unknown;
  readonly updated_at: unknown;
}

/** Decodes a joined membership row into the core `MembershipSummary`. */
export const membershipSummaryToDomain = (row: MembershipSummaryRecord): MembershipSummary => ({
  id: decodeColumn(MembershipId, row.id, 'memberships.id'),
  organizationId: decodeColumn(OrganizationId, row.organization_id, 'memberships.organization_id'),
  organizationName: decodeColumn(Text, row.organization_name, 'organizations.name'),
  role: decodeColumn(Role, row.role, 'memberships.role'),
  status: decodeColumn(MembershipStatus, row.status, 'memberships.status'),
});

/** Decodes a membership row into the core `Membership`. */
export const membershipToDomain = (row: MembershipRecord, parseDate: DateParser): Membership => ({
  id: decodeColumn(MembershipId, row.id, 'memberships.id'),
  organizationId: decodeColumn(OrganizationId, row.organization_id, 'memberships.organization_id'),
  userId: decodeNullable(UserId, row.user_id, 'memberships.user_id'),
  role: decodeColumn(Role, row.role, 'memberships.role'),
  status: decodeColumn(MembershipStatus, row.status, 'memberships.status'),
  email: decodeNullable(Email, row.email, 'memberships.email'),
  createdAt: requireDate(row.created_at, parseDate, 'memberships.created_at'),
  updatedAt: requireDate(row.updated_at, parseDate, 'memberships.updated_at'),
});

/** The `memberships` columns of a core `Membership`, in the order the insert lists them. */
export const membershipToRow = (
  membership: Membership,
): readonly [string, string, string | null, string, string, string | null, Date, Date] => [
  membership.id,
  membership.organizationId,
  membership.userId,
  membership.role,
  membership.status,
  membership.email,
  membership.createdAt,
  membership.updatedAt,
];
