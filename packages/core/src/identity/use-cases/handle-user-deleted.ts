import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { IdpUserId } from '../identifiers.js';
import type { User } from '../user.js';
import { markOwnerless } from '../../organization/owned-organizations.js';
import { softDeleteUser, type SoftDeleteUserDeps } from './soft-delete-user.js';

/**
 * Handles the provider's `user.deleted`: soft-delete the local user and cancel its memberships
 * (owner rows too), skipping the provider delete (spec: avoids recursion). Each organization the
 * user owned is marked ownerless and audited (`organization.owner_lost`). Always succeeds; a
 * deletion that overtook `user.created` leaves a tombstone.
 *
 * @example
 * await handleUserDeleted(deps)(idpId)(); // Right(user with deletedAt)
 */
export const handleUserDeleted =
  (deps: SoftDeleteUserDeps) =>
  (idpId: IdpUserId): TE.TaskEither<never, User> =>
    softDeleteUser(deps)(idpId, markOwnerless(deps));
