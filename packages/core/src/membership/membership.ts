import * as t from 'io-ts';

/** Membership roles, highest rank first. */
export const Role = t.keyof({ owner: null, admin: null, coach: null, member: null }, 'Role');
/** A membership role. */
export type Role = t.TypeOf<typeof Role>;

/** Membership statuses. */
export const MembershipStatus = t.keyof(
  { active: null, invited: null, pending_invitation: null, suspended: null, cancelled: null },
  'MembershipStatus',
);
/** A membership status. */
export type MembershipStatus = t.TypeOf<typeof MembershipStatus>;

/** A user's membership as `/users/me` shows it. */
export interface MembershipSummary {
  readonly id: string;
  readonly organizationId: string;
  readonly organizationName: string;
  readonly role: Role;
  readonly status: MembershipStatus;
}
