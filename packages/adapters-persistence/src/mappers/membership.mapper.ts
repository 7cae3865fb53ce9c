import type { MembershipStatus, MembershipSummary, Role } from '@idv/core';

/** A membership joined with its organization, as raw SQL returns it. */
export interface MembershipSummaryRecord {
  readonly id: string;
  readonly organization_id: string;
  readonly organization_name: string;
  readonly role: string;
  readonly status: string;
}

/** Maps a joined membership row to the core `MembershipSummary`; the check constraints guarantee the enums. */
export const membershipSummaryToDomain = (row: MembershipSummaryRecord): MembershipSummary => ({
  id: row.id,
  organizationId: row.organization_id,
  organizationName: row.organization_name,
  role: row.role as Role,
  status: row.status as MembershipStatus,
});
