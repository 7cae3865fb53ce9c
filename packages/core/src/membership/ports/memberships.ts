import type { Option } from 'fp-ts/lib/Option.js';
import type { UserId } from '../../identity/identifiers.js';
import type { OrganizationId } from '../../organization/organization.js';
import type { Page, PageRequest } from '../../shared/pagination.js';
import type { Membership, MembershipId, MembershipStatus, MembershipSummary, Role } from '../membership.js';

/** What a guarded membership update expects to find (compare-and-set on role and status). */
export interface MembershipExpectation {
  readonly role: Role;
  readonly status: MembershipStatus;
}

/** The fields a membership update may change. */
export interface MembershipChanges {
  readonly role?: Role;
  readonly status?: MembershipStatus;
  /** Set when an invitee's account takes over an `invited` row. */
  readonly userId?: UserId;
}

/** Which memberships a roster lists. */
export interface RosterFilter {
  /** Cancelled rows are omitted unless asked for. */
  readonly includeCancelled: boolean;
}

/**
 * Membership rows. Invariants the store enforces: at most one live (not `cancelled`) row per
 * organization and user (an insert answers false, an update rejects as a defect), and at most one
 * live `owner` row per organization (a violation rejects, as a defect).
 */
export interface Memberships {
  /** Every membership of the user, with its organization's name. */
  listForUser(userId: UserId): Promise<readonly MembershipSummary[]>;
  /**
   * Locks every membership row of the user, in id order, until the surrounding unit of work ends
   * (`FOR UPDATE`), and returns them: a guarded update of one of them by another writer waits, then
   * sees what this unit of work wrote. Outside a unit of work the lock ends with the statement.
   */
  lockAllForUser(userId: UserId): Promise<readonly Membership[]>;
  /** Cancels every membership of a deleted user that is not cancelled yet (owner rows included); returns how many changed. */
  cancelAllForUser(userId: UserId): Promise<number>;
  /** The membership with this id, if any. */
  findById(id: MembershipId): Promise<Option<Membership>>;
  /** The user's live row in the organization, else their most recent cancelled one, else None. */
  findForUser(organizationId: OrganizationId, userId: UserId): Promise<Option<Membership>>;
  /** The organization's live owner row. */
  findOwner(organizationId: OrganizationId): Promise<Option<Membership>>;
  /** The roster, oldest first (keyset on `createdAt`, `id`). */
  listForOrganization(organizationId: OrganizationId, filter: RosterFilter, page: PageRequest): Promise<Page<Membership>>;
  /**
   * Inserts a new row; false, writing nothing, when the user already holds a live row in the
   * organization (the store's unique index decides, so of two concurrent inserts one gets false).
   */
  insert(membership: Membership): Promise<boolean>;
  /**
   * Inside a unit of work: locks these rows until it ends, always in id order (so two writers
   * locking overlapping rows never deadlock), and returns them as they are now, in id order; ids
   * with no row are left out. A concurrent writer of a locked row waits for the unit of work.
   */
  lock(ids: readonly MembershipId[]): Promise<readonly Membership[]>;
  /**
   * Guarded update: applies `changes` only while the row still has the `expected` role and status,
   * in one statement; returns the updated row, or None when another writer got there first.
   */
  update(id: MembershipId, expected: MembershipExpectation, changes: MembershipChanges, at: Date): Promise<Option<Membership>>;
}
