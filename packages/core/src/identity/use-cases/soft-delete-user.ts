import * as E from 'fp-ts/lib/Either.js';
import * as O from 'fp-ts/lib/Option.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { Devices } from '../../devices/ports/devices.js';
import { membershipChanged } from '../../events/change-events.js';
import type { RecordEventPorts } from '../../events/record-event.js';
import type { Memberships } from '../../membership/ports/memberships.js';
import { lockedOwnerRows, type MarkOwnerlessDeps, type SettleOwnedOrganizations } from '../../organization/owned-organizations.js';
import type { Clock } from '../../shared/clock.js';
import type { IdGenerator } from '../../shared/id-generator.js';
import type { UnitOfWork } from '../../shared/unit-of-work.js';
import type { IdpUserId, UserId } from '../identifiers.js';
import type { NationalIds } from '../ports/national-ids.js';
import type { Agreements } from '../../agreements/ports/agreements.js';
import type { Users } from '../ports/users.js';
import type { User } from '../user.js';

/** Ports needed to soft-delete a user locally. */
export interface SoftDeleteUserDeps extends MarkOwnerlessDeps, RecordEventPorts {
  readonly users: Users;
  readonly memberships: Memberships;
  readonly devices: Devices;
  readonly nationalIds: NationalIds;
  /** Signed agreements stay (the gym's legal record); their national IDs are erased with the user. */
  readonly agreements: Agreements;
  readonly unitOfWork: UnitOfWork;
  readonly clock: Clock;
  readonly ids: IdGenerator;
}

/**
 * Soft-deletes the local user (`deletedAt` written once; a tombstone when absent) and cancels all
 * its memberships, owner rows included, and removes its devices, in one transaction. The user's
 * live owner rows, read under lock in that transaction before anything is written, go to
 * `settleOwned` first: a Left from it rolls everything back and is the answer. Safe to repeat.
 *
 * @example
 * await softDeleteUser(deps)(idpId, markOwnerless(deps))(); // Right(user with deletedAt)
 */
export const softDeleteUser =
  (deps: SoftDeleteUserDeps) =>
  <Refusal>(idpId: IdpUserId, settleOwned: SettleOwnedOrganizations<Refusal>): TE.TaskEither<Refusal, User> =>
  () =>
    deps.unitOfWork.run<Refusal, User>(async () => {
      const existing = await deps.users.findByIdpId(idpId);
      const settled = await settleOwned(O.isSome(existing) ? await lockedOwnerRows(deps.memberships, existing.value.id) : []);
      if (E.isLeft(settled)) return settled;
      const user = await deps.users.markDeleted(idpId, deps.clock.now(), deps.ids.uuid() as UserId);
      const live = (await deps.memberships.lockAllForUser(user.id)).filter((membership) => membership.status !== 'cancelled');
      await deps.memberships.cancelAllForUser(user.id);
      for (const membership of live) await membershipChanged(deps, membership, { ...membership, status: 'cancelled' }, 'cancelled');
      // A deleted user's devices go with it, so nothing is pushed to them again.
      await deps.devices.removeAllForUser(user.id);
      // A deleted user's national ID is erased with them (ARCHITECTURE §10), never left to be read.
      await deps.nationalIds.erase(user.id);
      // So are the national IDs given when signing agreements; the agreements themselves stay.
      await deps.agreements.eraseNationalIdsOfUser(user.id, deps.clock.now());
      return E.right<never, User>(user);
    });
