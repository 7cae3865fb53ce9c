import * as t from 'io-ts';
import type { Email } from '../identity/email.js';
import type { UserId } from '../identity/identifiers.js';
import type { OrganizationId } from '../organization/organization.js';
import { isUuid } from '../shared/uuid.js';
import { UUID_SCHEMA, withJsonSchema } from '../shared/json-schema.js';

/** Membership roles, highest rank first (the one source of the list: entities and migrations read `Role.keys`). */
export const Role = t.keyof({ owner: null, admin: null, coach: null, member: null }, 'Role');
/** A membership role. */
export type Role = t.TypeOf<typeof Role>;

/** Membership statuses (the one source of the list: entities and migrations read `MembershipStatus.keys`). */
export const MembershipStatus = t.keyof(
  { active: null, invited: null, pending_invitation: null, suspended: null, cancelled: null },
  'MembershipStatus',
);
/** A membership status. */
export type MembershipStatus = t.TypeOf<typeof MembershipStatus>;

/** Brand of `MembershipId`. */
export interface MembershipIdBrand {
  readonly MembershipId: unique symbol;
}
/** The local id of a membership (a UUID), as `:membershipId` in paths. */
export const MembershipId = withJsonSchema(
  t.brand(t.string, (s): s is t.Branded<string, MembershipIdBrand> => isUuid(s), 'MembershipId'),
  UUID_SCHEMA,
);
/** The local id of a membership. */
export type MembershipId = t.TypeOf<typeof MembershipId>;

/** One user's (or, while `invited`, one invitee's) place in one organization. */
export interface Membership {
  readonly id: MembershipId;
  readonly organizationId: OrganizationId;
  /** Null while `invited` (path 1: the invitee has no account yet). */
  readonly userId: UserId | null;
  readonly role: Role;
  readonly status: MembershipStatus;
  /**
   * The member's address. Stored for rows an invitation created (the invitee's); on reads, a row
   * with a user shows the user's current email when it has one (adapters join `users.email`).
   */
  readonly email: Email | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
  /** A purchased month or year plan's end (paid-at plus the period); absent otherwise. */
  readonly validUntil?: Date;
}

/** A user's membership as `/users/me` shows it. */
export interface MembershipSummary {
  readonly id: string;
  readonly organizationId: string;
  readonly organizationName: string;
  readonly role: Role;
  readonly status: MembershipStatus;
  /** A purchased month or year plan's end; absent otherwise. */
  readonly validUntil?: Date;
}

const RANK: { readonly [R in Role]: number } = { owner: 4, admin: 3, coach: 2, member: 1 };

/** A role's rank: owner 4 > admin 3 > coach 2 > member 1. */
export const rank = (role: Role): number => RANK[role];

/** Whether `actor` may hand out `role` (invite or role change): never at or above one's own rank; `owner` only by transfer. */
export const canGrant = (actor: Role, role: Role): boolean => role !== 'owner' && rank(role) < rank(actor);

/** Whether `actor` may manage (change role, suspend, reinstate, remove) a member holding `target`: strictly lower ranks only. */
export const canManage = (actor: Role, target: Role): boolean => rank(target) < rank(actor);

/** Whether a status still counts for the one-owner and one-row-per-user invariants (everything but `cancelled`). */
export const isLive = (status: MembershipStatus): boolean => status !== 'cancelled';

/** Whether a membership is waiting on its invitation (`invited` or `pending_invitation`). */
export const isAwaitingInvitation = (status: MembershipStatus): boolean => status === 'invited' || status === 'pending_invitation';
