import * as E from 'fp-ts/lib/Either.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import { pipe } from 'fp-ts/lib/function.js';
import type { Clock } from '../../shared/clock.js';
import { fromPort } from '../../shared/from-port.js';
import type { AuthPayload } from '../auth-payload.js';
import type { UserDeleted, UserNotFound } from '../identity.errors.js';
import type { NationalId } from '../national-id.js';
import type { NationalIdVault } from '../ports/national-id-vault.js';
import type { NationalIds } from '../ports/national-ids.js';
import { requireUser } from '../require-user.js';

/** Ports needed to store a national ID. */
export interface SetNationalIdDeps {
  readonly nationalIds: NationalIds;
  readonly nationalIdVault: NationalIdVault;
  readonly clock: Clock;
}

/**
 * Stores (or replaces) the caller's national ID, sealed by the vault first: the plain number is
 * never stored, logged or returned.
 *
 * @example
 * await setNationalId(deps)(request.auth, nationalId)(); // Right(undefined)
 */
export const setNationalId =
  (deps: SetNationalIdDeps) =>
  (caller: AuthPayload, nationalId: NationalId): TE.TaskEither<UserNotFound | UserDeleted, void> => {
    const found = requireUser(caller);
    if (E.isLeft(found)) return TE.left(found.left);
    const user = found.right;
    return pipe(
      fromPort(() => deps.nationalIdVault.seal(user.id, nationalId)),
      TE.flatMap((sealed) => fromPort(() => deps.nationalIds.put(user.id, sealed, deps.clock.now()))),
    );
  };
