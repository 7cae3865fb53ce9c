import type { Option } from 'fp-ts/lib/Option.js';
import type { Email } from '../email.js';
import type { IdpUserId } from '../identifiers.js';
import type { ProviderUser } from '../user.js';

/** Where a provider invitation stands (the provider's `status`). */
export type ProviderInvitationStatus = 'pending' | 'accepted' | 'revoked' | 'expired';

/** An application invitation held by the provider, which e-mails its ticket link to the invitee. */
export interface ProviderInvitation {
  /** The provider's id, `inv_…`. */
  readonly id: string;
  readonly email: Email;
  readonly status: ProviderInvitationStatus;
  /** The ticket link the provider e-mails; `null` once the invitation is no longer usable. */
  readonly url: string | null;
}

/** What the provider needs to invite someone. */
export interface CreateProviderInvitationInput {
  readonly email: Email;
  /** Where the ticket link lands, with `__idp_ticket` appended by the provider. */
  readonly redirectUrl: string;
  /** Copied by the provider into the user's `public_metadata` on sign-up. */
  readonly publicMetadata: Record<string, unknown>;
  /** 1–365; the provider defaults to 30. */
  readonly expiresInDays?: number;
}

/** What the provider needs to mirror an organization. */
export interface CreateProviderOrganizationInput {
  readonly name: string;
  /** Becomes the organization's admin at the provider. */
  readonly createdBy?: IdpUserId;
}

/** One page of the provider's user list (`GET /v1/users?limit=&offset=`, newest first). */
export interface ProviderUserPage {
  /** 1–500 (the provider's bounds). */
  readonly limit: number;
  readonly offset: number;
}

/**
 * The provider's administrative API (the spec's `IDP_CLIENT`). Provider outages and unexpected
 * answers reject (defects); absence is an Option.
 */
export interface IdentityProviderAdmin {
  /** The provider's current view of a user; None when the provider does not know it. */
  getUser(idpId: IdpUserId): Promise<Option<ProviderUser>>;
  /**
   * The provider users holding this email address (none, usually one), as the provider matches it:
   * any of a user's addresses, primary or not, verified or not. Each comes with its primary email
   * and whether that is verified, so the caller decides who holds it (see `verifiedHolderOf`).
   */
  findUsersByEmail(email: Email): Promise<readonly ProviderUser[]>;
  /** One page of every provider user, in the provider's default order (newest first); an empty page past the end. */
  listUsers(page: ProviderUserPage): Promise<readonly ProviderUser[]>;
  /** How many users the provider holds (`GET /v1/users/count`). */
  countUsers(): Promise<number>;
  /** Deletes the provider user; a user that is already gone counts as deleted. */
  deleteUser(idpId: IdpUserId): Promise<void>;
  /**
   * Creates a provider invitation that the provider e-mails to the invitee; an invitation already
   * pending for the same address does not make it fail.
   */
  createInvitation(input: CreateProviderInvitationInput): Promise<ProviderInvitation>;
  /** Revokes a provider invitation; one already revoked, already accepted or gone counts as done. */
  revokeInvitation(providerInvitationId: string): Promise<void>;
  /** Mirrors an organization at the provider (optional: the service keeps organizations itself). */
  createOrganization(input: CreateProviderOrganizationInput): Promise<{ readonly id: string }>;
}
