import * as E from 'fp-ts/lib/Either.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import { pipe } from 'fp-ts/lib/function.js';
import type { Clock } from '../../shared/clock.js';
import type { IdGenerator } from '../../shared/id-generator.js';
import type { UnitOfWork } from '../../shared/unit-of-work.js';
import type { Memberships } from '../../membership/ports/memberships.js';
import type { IdpUserId, UserId } from '../identifiers.js';
import type { IdentityProviderAdmin } from '../ports/identity-provider-admin.js';
import type { Users } from '../ports/users.js';
import type { User } from '../user.js';

/** Ports needed to delete a user. */
export interface DeleteSelfDeps {
  readonly users: Users;
  readonly memberships: Memberships;
  readonly idpAdmin: IdentityProviderAdmin;
  readonly unitOfWork: UnitOfWork;
  readonly clock: Clock;
  readonly ids: IdGenerator;
}

/** Whom to delete, and whether the provider user goes too. */
export interface DeleteSelfInput {
  readonly idpId: IdpUserId;
  /** True when the provider itself told us (`user.deleted`): deleting there again would recurse. */
  readonly skipProvider: boolean;
}

/**
 * Soft-deletes the local user (`deletedAt` written once) and cancels its memberships in one
 * transaction, then deletes the provider user unless told to skip it. Safe to repeat.
 *
 * @example
 * await deleteSelf(deps)({ idpId, skipProvider: false })(); // Right(user with deletedAt)
 */
export const deleteSelf = (deps: DeleteSelfDeps) => (input: DeleteSelfInput): TE.TaskEither<never, User> =>
  pipe(
    () =>
      deps.unitOfWork.run(async () => {
        const user = await deps.users.markDeleted(input.idpId, deps.clock.now(), deps.ids.uuid() as UserId);
        await deps.memberships.cancelAllForUser(user.id);
        return E.right(user);
      }),
    TE.tap(() => (input.skipProvider ? TE.right(undefined) : TE.fromTask(() => deps.idpAdmin.deleteUser(input.idpId)))),
  );
