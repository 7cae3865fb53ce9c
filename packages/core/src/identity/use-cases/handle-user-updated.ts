import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { UserSync } from '../ports/users.js';
import type { ProviderUser } from '../user.js';
import { mirrorProviderUser, type MirrorProviderUserDeps } from './mirror-provider-user.js';

/**
 * Handles the provider's `user.updated`: overwrite the local email, its verification state and the
 * image with the provider's when the event is newer than what is stored (the guarded write). An
 * update that overtook its `user.created` creates the row (deliveries are unordered), and then
 * counts as the sign-up. The update that first reports the primary email verified (it was
 * unverified, unknown, or another address) accepts the path-1 invitations waiting for it.
 *
 * @example
 * await handleUserUpdated(deps)(providerUser)(); // Right({ user, created: false })
 */
export const handleUserUpdated = (deps: MirrorProviderUserDeps): ((user: ProviderUser) => TE.TaskEither<never, UserSync>) =>
  // spec: user.created (and the recovery path) accept pending invitations; an update only once it verifies the address.
  mirrorProviderUser(deps, 'update');
