import * as TE from 'fp-ts/lib/TaskEither.js';
import { pipe } from 'fp-ts/lib/function.js';
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
 * Stores the provider's view of a user (race-safe find-or-create, newer state wins, deleted stays
 * deleted) and welcomes the user if this call created the row. A failed write rejects (a defect).
 */
export const mirrorProviderUser = (deps: MirrorProviderUserDeps) => (snapshot: ProviderUser): TE.TaskEither<never, UserSync> =>
  pipe(
    TE.fromTask(() => deps.users.syncFromProvider(snapshot, deps.ids.uuid() as UserId)),
    TE.flatMap((sync) => welcomeUser(deps)(sync, snapshot)),
  );
