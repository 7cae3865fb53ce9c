import * as O from 'fp-ts/lib/Option.js';
import type { Email } from '../identity/email.js';
import type { IdpUserId } from '../identity/identifiers.js';
import type {
  CreateProviderInvitationInput,
  CreateProviderOrganizationInput,
  IdentityProviderAdmin,
  ProviderInvitation,
  ProviderUserPage,
} from '../identity/ports/identity-provider-admin.js';
import type { ProviderUser } from '../identity/user.js';

/** A provider invitation as the fake holds it: what the provider answered plus what it was asked. */
export interface FakeProviderInvitation extends ProviderInvitation {
  readonly redirectUrl: string;
  readonly publicMetadata: Record<string, unknown>;
  readonly expiresInDays: number | undefined;
}

/** A provider organization as the fake holds it. */
export interface FakeProviderOrganization {
  readonly id: string;
  readonly name: string;
  readonly createdBy: IdpUserId | undefined;
}

type Operation = keyof IdentityProviderAdmin;

/**
 * The provider's admin API in memory: users, invitations and organizations, a log of deletions and
 * revocations, an outage switch (`unavailable`) and a per-operation one (`failing`).
 */
export class FakeIdentityProviderAdmin implements IdentityProviderAdmin {
  private readonly users = new Map<IdpUserId, ProviderUser>();
  private readonly invitationsById = new Map<string, FakeProviderInvitation>();
  readonly deleted: IdpUserId[] = [];
  /** Ids passed to `revokeInvitation`, in call order (including ids the provider did not know). */
  readonly revokedInvitationIds: string[] = [];
  readonly organizations: FakeProviderOrganization[] = [];
  /** Every operation rejects while true (a provider outage). */
  unavailable = false;
  /** The operations named here reject (e.g. only `createInvitation` fails). */
  readonly failing = new Set<Operation>();

  /** Adds or replaces a provider user. */
  put(user: ProviderUser): void {
    this.users.set(user.idpId, user);
  }

  /** Invitations created so far, in creation order, with their current status. */
  get invitations(): readonly FakeProviderInvitation[] {
    return [...this.invitationsById.values()];
  }

  /** Plays the invitee signing up through the ticket: the invitation becomes accepted. */
  acceptInvitation(id: string): void {
    this.setStatus(id, 'accepted');
  }

  /** The stored user, if any. */
  async getUser(idpId: IdpUserId): Promise<O.Option<ProviderUser>> {
    this.assertAvailable('getUser');
    return O.fromNullable(this.users.get(idpId));
  }

  /** The stored users with this primary email. */
  async findUsersByEmail(email: Email): Promise<readonly ProviderUser[]> {
    this.assertAvailable('findUsersByEmail');
    return [...this.users.values()].filter((user) => user.email === email);
  }

  async listUsers(page: ProviderUserPage): Promise<readonly ProviderUser[]> {
    this.assertAvailable('listUsers');
    // Like the provider: newest first (`-created_at`); a Map keeps insertion order.
    return [...this.users.values()].reverse().slice(page.offset, page.offset + page.limit);
  }

  async countUsers(): Promise<number> {
    this.assertAvailable('countUsers');
    return this.users.size;
  }

  /** Removes a provider user without any log, as a deletion made elsewhere (the provider's dashboard). */
  remove(idpId: IdpUserId): void {
    this.users.delete(idpId);
  }

  async deleteUser(idpId: IdpUserId): Promise<void> {
    this.assertAvailable('deleteUser');
    this.users.delete(idpId);
    this.deleted.push(idpId);
  }

  async createInvitation(input: CreateProviderInvitationInput): Promise<ProviderInvitation> {
    this.assertAvailable('createInvitation');
    const id = `inv_fake${this.invitationsById.size + 1}`;
    const invitation: FakeProviderInvitation = {
      id,
      email: input.email,
      status: 'pending',
      url: `https://fake-idp.test/v1/tickets/accept?ticket=${id}`,
      redirectUrl: input.redirectUrl,
      publicMetadata: input.publicMetadata,
      expiresInDays: input.expiresInDays,
    };
    this.invitationsById.set(id, invitation);
    return { id, email: invitation.email, status: invitation.status, url: invitation.url };
  }

  async revokeInvitation(providerInvitationId: string): Promise<void> {
    this.assertAvailable('revokeInvitation');
    this.revokedInvitationIds.push(providerInvitationId);
    // Like the adapter: already revoked, already accepted or unknown all count as done.
    if (this.invitationsById.get(providerInvitationId)?.status === 'pending') this.setStatus(providerInvitationId, 'revoked');
  }

  async createOrganization(input: CreateProviderOrganizationInput): Promise<{ readonly id: string }> {
    this.assertAvailable('createOrganization');
    const id = `org_fake${this.organizations.length + 1}`;
    this.organizations.push({ id, name: input.name, createdBy: input.createdBy });
    return { id };
  }

  private setStatus(id: string, status: 'accepted' | 'revoked'): void {
    const invitation = this.invitationsById.get(id);
    if (invitation !== undefined) this.invitationsById.set(id, { ...invitation, status, url: null });
  }

  private assertAvailable(operation: Operation): void {
    if (this.unavailable || this.failing.has(operation)) throw new Error(`identity provider unavailable (${operation})`);
  }
}
