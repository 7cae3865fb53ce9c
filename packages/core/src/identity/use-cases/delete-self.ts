import * as O from 'fp-ts/lib/Option.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import { pipe } from 'fp-ts/lib/function.js';
import { isLive } from '../../membership/membership.js';
import { fromPort } from '../../shared/from-port.js';
import type { IdpUserId } from '../identifiers.js';
import { ownerMustTransferOwnership, type DeleteSelfError } from '../identity.errors.js';
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

// An organization always has an owner: an owner deletes their account only after transferring ownership.
const ownedOrganizations = (deps: DeleteSelfDeps, idpId: IdpUserId): TE.TaskEither<never, readonly string[]> =>
  pipe(
    fromPort(() => deps.users.findByIdpId(idpId)),
    TE.flatMap((user) =>
      O.isNone(user) || user.value.deletedAt !== null
        ? TE.right([])
        : pipe(
            fromPort(() => deps.memberships.listForUser(user.value.id)),
            TE.map((memberships) => memberships.filter((m) => m.role === 'owner' && isLive(m.status)).map((m) => m.organizationId)),
          ),
    ),
  );

/**
 * Soft-deletes the local user (`deletedAt` written once) and cancels its memberships in one
 * transaction, then deletes the provider user unless told to skip it. Safe to repeat. The owner of
 * an organization gets `OwnerMustTransferOwnership` (unless the provider already deleted them).
 *
 * @example
 * await deleteSelf(deps)({ idpId, skipProvider: false })(); // Right(user with deletedAt)
 */
export const deleteSelf = (deps: DeleteSelfDeps) => (input: DeleteSelfInput): TE.TaskEither<DeleteSelfError, User> =>
  pipe(
    input.skipProvider ? TE.right([]) : ownedOrganizations(deps, input.idpId),
    TE.filterOrElseW((owned) => owned.length === 0, ownerMustTransferOwnership),
    TE.flatMap(() => softDeleteUser(deps)(input.idpId)),
    TE.tap(() => (input.skipProvider ? TE.right(undefined) : fromPort(() => deps.idpAdmin.deleteUser(input.idpId)))),
  );
