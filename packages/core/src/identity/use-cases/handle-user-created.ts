import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { UserSync } from '../ports/users.js';
import type { ProviderUser } from '../user.js';
import { mirrorProviderUser, type MirrorProviderUserDeps } from './mirror-provider-user.js';

/**
 * Handles the provider's `user.created`: find-or-create the local user by provider id, track
 * `user_signed_up` if it was created, and accept pending invitations (best effort).
 *
 * @example
 * const onCreated = handleUserCreated({ users, ids, analytics, logger, acceptPendingInvitations });
 * const result = await onCreated(providerUser)(); // Right({ user, created: true })
 */
export const handleUserCreated = (deps: MirrorProviderUserDeps): ((user: ProviderUser) => TE.TaskEither<never, UserSync>) =>
  mirrorProviderUser(deps);
