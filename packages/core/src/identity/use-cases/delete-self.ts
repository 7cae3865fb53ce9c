import * as TE from 'fp-ts/lib/TaskEither.js';
import { pipe } from 'fp-ts/lib/function.js';
import { markOwnerless, refuseOwners } from '../../organization/owned-organizations.js';
import { fromPort } from '../../shared/from-port.js';
import type { IdpUserId } from '../identifiers.js';
import type { DeleteSelfError } from '../identity.errors.js';
import type { IdentityProviderAdmin } from '../ports/identity-provider-admin.js';
import type { User } from '../user.js';
import { softDeleteUser, type SoftDeleteUserDeps } from './soft-delete-user.js';

/** Ports needed to delete a user. */
export interface DeleteSelfDeps extends SoftDeleteUserDeps {
  readonly idpAdmin: IdentityProviderAdmin;
}

/** Whom to delete, and whether the provider user goes too. */
export interface DeleteSelfInput {
  readonly idpId: IdpUserId;
  /** True when the provider itself told us (`user.deleted`): deleting there again would recurse, and nothing can refuse it. */
  readonly skipProvider: boolean;
}

/**
 * Soft-deletes the local user (`deletedAt` written once) and cancels its memberships in one
 * transaction, then deletes the provider user unless told to skip it. Safe to repeat. The owner of
 * an organization gets `OwnerMustTransferOwnership`, checked under lock in the delete's own
 * transaction, so a transfer of ownership racing it never leaves an organization without an owner;
 * when the provider already deleted them, their organizations are marked ownerless instead.
 *
 * @example
 * await deleteSelf(deps)({ idpId, skipProvider: false })(); // Right(user with deletedAt)
 */
export const deleteSelf =
  (deps: DeleteSelfDeps) =>
  (input: DeleteSelfInput): TE.TaskEither<DeleteSelfError, User> =>
    pipe(
      softDeleteUser(deps)<DeleteSelfError>(input.idpId, input.skipProvider ? markOwnerless(deps) : refuseOwners),
      TE.tap(() => (input.skipProvider ? TE.right(undefined) : fromPort(() => deps.idpAdmin.deleteUser(input.idpId)))),
    );
