import * as O from 'fp-ts/lib/Option.js';
import type { Email } from '../identity/email.js';
import type { Invitation, InvitationId, RevokedReason } from '../invitation/invitation.js';
import type { InvitationRenewal, Invitations } from '../invitation/ports/invitations.js';
import type { OrganizationId } from '../organization/organization.js';
import type { Page, PageRequest } from '../shared/pagination.js';
import { paginate } from './paginate.js';

/**
 * The Invitations port in memory. Each guarded change checks and writes in one synchronous step,
 * which is what the SQL adapter's single `update … where status = 'pending'` guarantees; like the
 * unique index, a second pending invitation for one organization and email is refused (false).
 */
export class InMemoryInvitations implements Invitations {
  private readonly rows = new Map<InvitationId, Invitation>();

  /** Stores a new pending invitation; false when one is pending for the organization and email already. */
  async create(invitation: Invitation): Promise<boolean> {
    if (this.rows.has(invitation.id)) throw new Error('unique violation: invitations_pkey');
    const pending = [...this.rows.values()].some(
      (row) => row.status === 'pending' && row.organizationId === invitation.organizationId && row.email === invitation.email,
    );
    if (pending && invitation.status === 'pending') return false;
    this.rows.set(invitation.id, invitation);
    return true;
  }

  /** The invitation with this id, if any. */
  async findById(id: InvitationId): Promise<O.Option<Invitation>> {
    return O.fromNullable(this.rows.get(id));
  }

  async findPendingByEmail(organizationId: OrganizationId, email: Email): Promise<O.Option<Invitation>> {
    return O.fromNullable(
      [...this.rows.values()].find((row) => row.status === 'pending' && row.organizationId === organizationId && row.email === email),
    );
  }

  async listForOrganization(organizationId: OrganizationId, page: PageRequest): Promise<Page<Invitation>> {
    const rows = [...this.rows.values()].filter((row) => row.organizationId === organizationId);
    return paginate(rows, page, { at: (row) => row.createdAt, id: (row) => row.id, direction: 'desc' });
  }

  async listPendingForEmail(email: Email): Promise<readonly Invitation[]> {
    return [...this.rows.values()]
      .filter((row) => row.status === 'pending' && row.email === email)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
  }

  async listPendingExpired(now: Date, limit: number): Promise<readonly Invitation[]> {
    return [...this.rows.values()]
      .filter((row) => row.status === 'pending' && row.expiresAt.getTime() <= now.getTime())
      .sort((a, b) => a.expiresAt.getTime() - b.expiresAt.getTime() || a.id.localeCompare(b.id))
      .slice(0, limit);
  }

  async claim(id: InvitationId, now: Date): Promise<boolean> {
    return this.transition(id, (row) => row.expiresAt.getTime() > now.getTime(), { status: 'accepted', updatedAt: now });
  }

  async rotateToken(
    id: InvitationId,
    { tokenHash, expiresAt, providerInvitationId }: InvitationRenewal,
    at: Date,
  ): Promise<O.Option<Invitation>> {
    return this.transition(id, () => true, { tokenHash, expiresAt, providerInvitationId, updatedAt: at })
      ? O.fromNullable(this.rows.get(id))
      : O.none;
  }

  async markRevoked(id: InvitationId, reason: RevokedReason, at: Date): Promise<boolean> {
    return this.transition(id, () => true, { status: 'revoked', revokedReason: reason, updatedAt: at });
  }

  async markExpired(id: InvitationId, at: Date): Promise<boolean> {
    return this.transition(id, () => true, { status: 'expired', updatedAt: at });
  }

  /** Every invitation, for assertions. */
  all(): readonly Invitation[] {
    return [...this.rows.values()];
  }

  private transition(id: InvitationId, guard: (row: Invitation) => boolean, changes: Partial<Invitation>): boolean {
    const row = this.rows.get(id);
    if (row === undefined || row.status !== 'pending' || !guard(row)) return false;
    this.rows.set(id, { ...row, ...changes });
    return true;
  }
}
