import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { IdpUserId } from '../identifiers.js';
import type { User } from '../user.js';
import { deleteSelf, type DeleteSelfDeps } from './delete-self.js';

/**
 * Handles the provider's `user.deleted`: soft-delete the local user, skipping the provider delete
 * (spec: avoids recursion). A deletion that overtook `user.created` leaves a tombstone.
 *
 * @example
 * await handleUserDeleted(deps)(idpId)(); // Right(user with deletedAt)
 */
export const handleUserDeleted = (deps: DeleteSelfDeps) => (idpId: IdpUserId): TE.TaskEither<never, User> =>
  deleteSelf(deps)({ idpId, skipProvider: true });
