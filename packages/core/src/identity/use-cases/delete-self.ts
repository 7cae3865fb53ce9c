import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { markOwnerless, refuseOwners } from '../../organization/owned-organizations.js';
import type { IdpUserId } from '../identifiers.js';
import { enqueueProviderUserDeletion } from '../identity-jobs.js';
import type { DeleteSelfError } from '../identity.errors.js';
import type { IdentityProviderAdmin } from '../ports/identity-provider-admin.js';
import type { User } from '../user.js';
import { softDeleteUser, type SoftDeleteUserDeps } from './soft-delete-user.js';

/** Ports needed to delete a user. */
export interface DeleteSelfDeps extends SoftDeleteUserDeps {
  readonly idpAdmin: IdentityProviderAdmin;
  /** The provider user's deletion is a durable job (`identity.delete-provider-user`). */
  readonly jobQueue: JobQueue;
}

/** Whom to delete, and whether the provider user goes too. */
export interface DeleteSelfInput {
  readonly idpId: IdpUserId;
  /** True when the provider itself told us (`user.deleted`): deleting there again would recurse, and nothing can refuse it. */
  readonly skipProvider: boolean;
}

/**
 * Soft-deletes the local user (`deletedAt` written once) and cancels its memberships in one
 * transaction, which also enqueues the provider user's deletion unless told to skip it (a job,
 * retried while the provider is down: the local deletion never waits on it). Safe to repeat. The owner of
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
  () =>
    // The local deletion is a savepoint of this transaction, which also holds the provider's job.
    deps.unitOfWork.run(async () => {
      const deleted = await softDeleteUser(deps)<DeleteSelfError>(input.idpId, input.skipProvider ? markOwnerless(deps) : refuseOwners)();
      if (E.isRight(deleted) && !input.skipProvider) await enqueueProviderUserDeletion(deps, input.idpId);
      return deleted;
    });
