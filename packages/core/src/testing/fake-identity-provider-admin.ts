import * as O from 'fp-ts/lib/Option.js';
import type { Email } from '../identity/email.js';
import type { IdpUserId } from '../identity/identifiers.js';
import type { IdentityProviderAdmin } from '../identity/ports/identity-provider-admin.js';
import type { ProviderUser } from '../identity/user.js';

/** The provider's admin API in memory: a user table, a log of deletions, an outage switch. */
export class FakeIdentityProviderAdmin implements IdentityProviderAdmin {
  private readonly users = new Map<IdpUserId, ProviderUser>();
  readonly deleted: IdpUserId[] = [];
  unavailable = false;

  /** Adds or replaces a provider user. */
  put(user: ProviderUser): void {
    this.users.set(user.idpId, user);
  }

  async getUser(idpId: IdpUserId): Promise<O.Option<ProviderUser>> {
    this.assertAvailable();
    return O.fromNullable(this.users.get(idpId));
  }

  async findUsersByEmail(email: Email): Promise<readonly ProviderUser[]> {
    this.assertAvailable();
    return [...this.users.values()].filter((user) => user.email === email);
  }

  async deleteUser(idpId: IdpUserId): Promise<void> {
    this.assertAvailable();
    this.users.delete(idpId);
    this.deleted.push(idpId);
  }

  private assertAvailable(): void {
    if (this.unavailable) throw new Error('identity provider unavailable');
  }
}
