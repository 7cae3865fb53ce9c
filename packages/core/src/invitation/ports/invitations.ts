import type { Option } from 'fp-ts/lib/Option.js';
import type { Email } from '../../identity/email.js';
import type { OrganizationId } from '../../organization/organization.js';
import type { Page, PageRequest } from '../../shared/pagination.js';
import type { Invitation, InvitationId, RevokedReason } from '../invitation.js';

/** What a resend replaces on a pending invitation. */
export interface InvitationRenewal {
  readonly tokenHash: string;
  readonly expiresAt: Date;
  readonly providerInvitationId: string | null;
}

/**
 * Invitation rows. The store enforces at most one `pending` invitation per organization and email
 * (`create` answers false). Every status change is a guarded update that reports
 * whether this call made it.
 */
export interface Invitations {
  /**
   * Stores a new pending invitation; false, writing nothing, when the organization already has a
   * pending invitation for the address (the store's unique index decides, so of two concurrent
   * creations one gets false).
   */
  create(invitation: Invitation): Promise<boolean>;
  /** The invitation with this id, if any. */
  findById(id: InvitationId): Promise<Option<Invitation>>;
  /** The organization's `pending` invitation for an address (expired by time or not). */
  findPendingByEmail(organizationId: OrganizationId, email: Email): Promise<Option<Invitation>>;
  /** The organization's invitations, newest first (keyset on `createdAt`, `id`). */
  listForOrganization(organizationId: OrganizationId, page: PageRequest): Promise<Page<Invitation>>;
  /** Every `pending` invitation for an address, in every organization, oldest first. */
  listPendingForEmail(email: Email): Promise<readonly Invitation[]>;
  /** Up to `limit` `pending` invitations whose `expiresAt` is at or before `now`, soonest expired first (the periodic expiry). */
  listPendingExpired(now: Date, limit: number): Promise<readonly Invitation[]>;
  /**
   * pending → accepted, only while pending and `expiresAt > now`, in one statement. True only for
   * the one call that made the change (spec: replays do not double-accept).
   */
  claim(id: InvitationId, now: Date): Promise<boolean>;
  /**
   * Replaces the token hash, the expiry and the provider invitation (a resend mails a new one) while
   * pending; None when it is no longer pending.
   */
  rotateToken(id: InvitationId, replacement: InvitationRenewal, at: Date): Promise<Option<Invitation>>;
  /** pending → revoked with a reason; true only for the call that made the change. */
  markRevoked(id: InvitationId, reason: RevokedReason, at: Date): Promise<boolean>;
  /** pending → expired; true only for the call that made the change. */
  markExpired(id: InvitationId, at: Date): Promise<boolean>;
}
