import * as E from 'fp-ts/lib/Either.js';
import { absurd, pipe } from 'fp-ts/lib/function.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { Devices } from '../../devices/ports/devices.js';
import type { Memberships } from '../../membership/ports/memberships.js';
import type { Clock } from '../../shared/clock.js';
import { fromPort } from '../../shared/from-port.js';
import type { IdGenerator } from '../../shared/id-generator.js';
import type { UnitOfWork } from '../../shared/unit-of-work.js';
import type { IdpUserId, UserId } from '../identifiers.js';
import type { NationalIds } from '../ports/national-ids.js';
import type { Users } from '../ports/users.js';
import type { User } from '../user.js';

/** Ports needed to soft-delete a user locally. */
export interface SoftDeleteUserDeps {
  readonly users: Users;
  readonly memberships: Memberships;
  readonly devices: Devices;
  readonly nationalIds: NationalIds;
  readonly unitOfWork: UnitOfWork;
  readonly clock: Clock;
  readonly ids: IdGenerator;
}

/**
 * Soft-deletes the local user (`deletedAt` written once; a tombstone when absent) and cancels all
 * its memberships, owner rows included, and removes its devices, in one transaction. Always succeeds; safe to repeat.
 *
 * @example
 * await softDeleteUser(deps)(idpId)(); // Right(user with deletedAt)
 */
export const softDeleteUser = (deps: SoftDeleteUserDeps) => (idpId: IdpUserId): TE.TaskEither<never, User> =>
  fromPort(async () => {
    const result = await deps.unitOfWork.run(async () => {
      const user = await deps.users.markDeleted(idpId, deps.clock.now(), deps.ids.uuid() as UserId);
      await deps.memberships.cancelAllForUser(user.id);
      // Issue #14: a deleted user's devices go with it, so nothing is pushed to them again.
      await deps.devices.removeAllForUser(user.id);
      // A deleted user's national ID is erased with them (ARCHITECTURE §10), never left to be read.
      await deps.nationalIds.erase(user.id);
      return E.right<never, User>(user);
    });
    return pipe(result, E.getOrElse<never, User>(absurd));
  });
