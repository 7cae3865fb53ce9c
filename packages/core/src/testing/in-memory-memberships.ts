import * as O from 'fp-ts/lib/Option.js';
import type { Email } from '../identity/email.js';
import type { UserId } from '../identity/identifiers.js';
import { isLive, type Membership, type MembershipId, type MembershipSummary } from '../membership/membership.js';
import type { MembershipChanges, MembershipExpectation, Memberships, RosterFilter } from '../membership/ports/memberships.js';
import type { OrganizationId } from '../organization/organization.js';
import type { Page, PageRequest } from '../shared/pagination.js';
import { paginate } from './paginate.js';

const sameUserIn = (a: Membership, b: Membership): boolean =>
  a.userId !== null && a.userId === b.userId && a.organizationId === b.organizationId;

/** Where the fake reads what the SQL adapter joins: organization names and users' current emails. */
export interface InMemoryMembershipsLookups {
  /** The name of an organization, for membership summaries. */
  readonly organizationNameOf?: (organizationId: string) => string | undefined;
  /** The email of a user, for roster rows. */
  readonly emailOf?: (userId: UserId) => Email | null | undefined;
  /** Whether an organization is deleted: its memberships leave the user's list, as the SQL join does. */
  readonly organizationDeleted?: (organizationId: string) => boolean;
}

/**
 * The Memberships port in memory. Like the database's unique indexes, it refuses a second live row
 * for one user in one organization (an insert answers false, an update rejects) and rejects a
 * second live owner in one organization.
 */
export class InMemoryMemberships implements Memberships {
  private rows: Membership[] = [];
  private readonly names = new Map<string, string>();

  constructor(private readonly lookups: InMemoryMembershipsLookups = {}) {}

  /** Seeds a membership for a user from its `/users/me` summary. */
  add(userId: UserId, summary: MembershipSummary): void {
    this.names.set(summary.organizationId, summary.organizationName);
    const at = new Date(Date.UTC(2026, 0, 1, 0, 0, this.rows.length));
    this.seed({
      ...summary,
      id: summary.id as MembershipId,
      organizationId: summary.organizationId as OrganizationId,
      userId,
      email: null,
      createdAt: at,
      updatedAt: at,
    });
  }

  /** Seeds a membership row (invariants apply). */
  seed(membership: Membership, organizationName?: string): void {
    if (organizationName !== undefined) this.names.set(membership.organizationId, organizationName);
    this.assertNew(membership);
    this.rows.push(membership);
  }

  /** Every row as stored, for assertions. */
  all(): readonly Membership[] {
    return this.rows.map((row) => this.read(row));
  }

  async listForUser(userId: UserId): Promise<readonly MembershipSummary[]> {
    return this.rows
      .filter((row) => row.userId === userId && this.lookups.organizationDeleted?.(row.organizationId) !== true)
      .map((row) => ({
        id: row.id,
        organizationId: row.organizationId,
        organizationName: this.lookups.organizationNameOf?.(row.organizationId) ?? this.names.get(row.organizationId) ?? '',
        role: row.role,
        status: row.status,
        ...(row.validUntil === undefined ? {} : { validUntil: row.validUntil }),
      }));
  }

  /** Every row of the user in id order; the fakes have no transactions, so nothing is held. */
  async lockAllForUser(userId: UserId): Promise<readonly Membership[]> {
    return this.rows
      .filter((row) => row.userId === userId)
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .map((row) => this.read(row));
  }

  async cancelAllForUser(userId: UserId): Promise<number> {
    let changed = 0;
    this.rows = this.rows.map((row) => {
      if (row.userId !== userId || row.status === 'cancelled') return row;
      changed += 1;
      return { ...row, status: 'cancelled' };
    });
    return changed;
  }

  /** The membership with this id, if any. */
  async findById(id: MembershipId): Promise<O.Option<Membership>> {
    return O.fromNullable(this.find((row) => row.id === id));
  }

  async findForUser(organizationId: OrganizationId, userId: UserId): Promise<O.Option<Membership>> {
    const mine = this.rows.filter((row) => row.organizationId === organizationId && row.userId === userId);
    const live = mine.find((row) => isLive(row.status));
    const latest = [...mine].sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime())[0];
    const row = live ?? latest;
    return row === undefined ? O.none : O.some(this.read(row));
  }

  async findOwner(organizationId: OrganizationId): Promise<O.Option<Membership>> {
    return O.fromNullable(this.find((row) => row.organizationId === organizationId && row.role === 'owner' && isLive(row.status)));
  }

  async listForOrganization(organizationId: OrganizationId, filter: RosterFilter, page: PageRequest): Promise<Page<Membership>> {
    const rows = this.rows
      .filter((row) => row.organizationId === organizationId && (filter.includeCancelled || row.status !== 'cancelled'))
      .map((row) => this.read(row));
    return paginate(rows, page, { at: (row) => row.createdAt, id: (row) => row.id, direction: 'asc' });
  }

  async insert(membership: Membership): Promise<boolean> {
    if (this.rows.some((row) => row.id !== membership.id && isLive(membership.status) && isLive(row.status) && sameUserIn(row, membership)))
      return false;
    this.assertNew(membership);
    this.rows.push(membership);
    return true;
  }

  /** The rows in id order; the fake runs one call at a time, so there is nothing to wait for. */
  async lock(ids: readonly MembershipId[]): Promise<readonly Membership[]> {
    return this.rows
      .filter((row) => ids.includes(row.id))
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .map((row) => this.read(row));
  }

  async update(id: MembershipId, expected: MembershipExpectation, changes: MembershipChanges, at: Date): Promise<O.Option<Membership>> {
    const index = this.rows.findIndex((row) => row.id === id && row.role === expected.role && row.status === expected.status);
    const current = this.rows[index];
    if (current === undefined) return O.none;
    const next: Membership = { ...current, ...changes, updatedAt: at };
    this.assertInvariants(next);
    this.rows[index] = next;
    return O.some(this.read(next));
  }

  private find(predicate: (row: Membership) => boolean): Membership | null {
    const row = this.rows.find(predicate);
    return row === undefined ? null : this.read(row);
  }

  // Like the SQL adapter's join: a row with a user shows the user's current email.
  private read(row: Membership): Membership {
    const current = row.userId === null ? undefined : this.lookups.emailOf?.(row.userId);
    return current === undefined || current === null ? row : { ...row, email: current };
  }

  private assertNew(candidate: Membership): void {
    if (this.rows.some((row) => row.id === candidate.id)) throw new Error('unique violation: memberships_pkey');
    this.assertInvariants(candidate);
  }

  private assertInvariants(candidate: Membership): void {
    if (!isLive(candidate.status)) return;
    const others = this.rows.filter(
      (row) => row.id !== candidate.id && row.organizationId === candidate.organizationId && isLive(row.status),
    );
    if (candidate.userId !== null && others.some((row) => row.userId === candidate.userId)) {
      throw new Error('unique violation: memberships_one_live_per_user (a live membership already exists for this user)');
    }
    if (candidate.role === 'owner' && others.some((row) => row.role === 'owner')) {
      throw new Error('unique violation: memberships_one_owner_per_org (the organization already has a live owner)');
    }
  }
}
