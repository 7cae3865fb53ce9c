import type { Option } from 'fp-ts/lib/Option.js';
import type { UserId } from '../../identity/identifiers.js';
import type { MembershipId } from '../../membership/membership.js';
import type { OrganizationId } from '../../organization/organization.js';
import type { Agreement, AgreementLink, AgreementSignature, AgreementSummary } from '../agreement.js';

/**
 * Signature requests (`agreements`) and their signing links (`agreement_links`, token hashes only).
 * A signed agreement is never changed again, except to erase its signer's national ID.
 */
export interface Agreements {
  /** Stores a new (pending) agreement. */
  insert(agreement: Agreement): Promise<void>;
  /** The agreement with this id. */
  find(id: string): Promise<Option<Agreement>>;
  /** The agreement, locked until the surrounding unit of work ends (`FOR UPDATE`). */
  lock(id: string): Promise<Option<Agreement>>;
  /** An organization's agreements (one member's when `membershipId` is given), newest first. */
  listForOrganization(organizationId: OrganizationId, membershipId: MembershipId | null): Promise<readonly AgreementSummary[]>;
  /** The agreements of the memberships a user holds, newest first. */
  listForUser(userId: UserId): Promise<readonly AgreementSummary[]>;
  /** Records the first view; a later view changes nothing. True when this was the first. */
  markViewed(id: string, at: Date): Promise<boolean>;
  /** Signs a pending agreement, in one guarded statement: false when it was no longer pending. */
  sign(id: string, signature: AgreementSignature): Promise<boolean>;
  /** Revokes a pending agreement and its links: false when it was no longer pending. */
  revoke(id: string, at: Date): Promise<boolean>;
  /** Erases the national IDs of every agreement signed through a membership of the user; how many. */
  eraseNationalIdsOfUser(userId: UserId, at: Date): Promise<number>;
  /** Stores a new link for the agreement; every earlier link still open is revoked. */
  issueLink(link: AgreementLink): Promise<void>;
  /** The link whose token has this SHA-256 (one indexed lookup). */
  findLink(tokenHash: string): Promise<Option<AgreementLink>>;
  /** Marks a link used, in one guarded statement: false when it was used or revoked meanwhile. */
  useLink(tokenHash: string, at: Date): Promise<boolean>;
}
