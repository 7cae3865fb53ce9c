import type { Option } from 'fp-ts/lib/Option.js';
import type { Email } from '../email.js';
import type { IdpUserId } from '../identifiers.js';
import type { ProviderUser } from '../user.js';

/**
 * The provider's administrative API (the spec's `IDP_CLIENT`). Provider outages and unexpected
 * answers reject (defects); absence is an Option.
 */
export interface IdentityProviderAdmin {
  getUser(idpId: IdpUserId): Promise<Option<ProviderUser>>;
  findUsersByEmail(email: Email): Promise<readonly ProviderUser[]>;
  /** Deletes the provider user; a user that is already gone counts as deleted. */
  deleteUser(idpId: IdpUserId): Promise<void>;
}
