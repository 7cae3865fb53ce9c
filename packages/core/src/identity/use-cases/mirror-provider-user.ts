import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { IdGenerator } from '../../shared/id-generator.js';
import type { UserId } from '../identifiers.js';
import type { Users, UserSync } from '../ports/users.js';
import type { ProviderUser } from '../user.js';
import { welcomeUser, type WelcomeUserDeps } from './welcome-user.js';

/** Ports needed to mirror a provider user into the local store. */
export interface MirrorProviderUserDeps extends WelcomeUserDeps {
  readonly users: Users;
  readonly ids: IdGenerator;
}

/**
 * Why a snapshot is mirrored: the user's `arrival` (`user.created`, the `/users/me` recovery path),
 * or an `update` of a user who is usually known already.
 */
export type MirrorReason = 'arrival' | 'update';

/**
 * Stores the provider's view of a user (race-safe find-or-create, newer state wins, deleted stays
 * deleted) and welcomes the user: an arrival always (a replay converges), an update when it created
 * the row (it overtook its `user.created`) or first stored the primary email verified (the
 * invitations that waited for the verification are accepted then). A failed write rejects (a defect).
 */
export const mirrorProviderUser =
  (deps: MirrorProviderUserDeps, reason: MirrorReason = 'arrival') =>
  (snapshot: ProviderUser): TE.TaskEither<never, UserSync> =>
  // One `then` rather than a pipe of Tasks or an async function: every webhook runs it, and each
  // step costs promises (docs/performance.md). Nothing here can fail as a Left.
  () =>
    deps.users
      .syncFromProvider(snapshot, deps.ids.uuid() as UserId)
      .then((sync) => (reason === 'arrival' || sync.created || sync.newlyVerified ? welcomeUser(deps)(sync)() : E.right(sync)));
