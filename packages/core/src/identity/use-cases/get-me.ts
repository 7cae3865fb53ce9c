import * as E from 'fp-ts/lib/Either.js';
import * as O from 'fp-ts/lib/Option.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import { pipe } from 'fp-ts/lib/function.js';
import type { MembershipSummary } from '../../membership/membership.js';
import type { Memberships } from '../../membership/ports/memberships.js';
import type { AuthPayload } from '../auth-payload.js';
import type { IdpUserId } from '../identifiers.js';
import { userDeleted, userNotFound, type IdentityError } from '../identity.errors.js';
import type { IdentityProviderAdmin } from '../ports/identity-provider-admin.js';
import { isDeleted, type User } from '../user.js';
import { mirrorProviderUser, type MirrorProviderUserDeps } from './mirror-provider-user.js';

/** Ports needed to answer `/users/me`. */
export interface GetMeDeps extends MirrorProviderUserDeps {
  readonly memberships: Memberships;
  readonly idpAdmin: IdentityProviderAdmin;
}

/** The caller and their memberships. */
export interface Me {
  readonly user: User;
  readonly memberships: readonly MembershipSummary[];
}

// The recovery path: the session is valid but the webhook has not (yet) created the row.
const recoverUser = (deps: GetMeDeps, idpId: IdpUserId): TE.TaskEither<IdentityError, User> =>
  pipe(
    TE.fromTask(() => deps.idpAdmin.getUser(idpId)),
    TE.flatMap(TE.fromOption(userNotFound)),
    TE.flatMap((snapshot) => mirrorProviderUser(deps)(snapshot)),
    TE.map((sync) => sync.user),
  );

// A row stored before the service kept the primary email's verification state (`emailVerified`
// null) learns it here, once, from the provider: apps call `/users/me` at start-up, so a verified
// invitee's waiting invitations are accepted then rather than after the next sync. Best effort: a
// provider that cannot answer leaves the row as it is, to be learned on a later call or sync.
const learnVerification = async (deps: GetMeDeps, user: User): Promise<User | undefined> => {
  try {
    const snapshot = await deps.idpAdmin.getUser(user.idpId);
    if (O.isNone(snapshot)) return undefined;
    const sync = await mirrorProviderUser(deps, 'update')(snapshot.value)();
    return E.isRight(sync) ? sync.right.user : undefined;
  } catch {
    return undefined;
  }
};

/**
 * Returns the caller's user and live (not cancelled) memberships, creating the local row from the provider's admin
 * API when it is absent, and learning from it the primary email's verification state of a row stored without it. The memberships authentication read with the user are used as they are. A soft-deleted user gets `UserDeleted` and is never re-created.
 *
 * @example
 * await getMe(deps)(request.auth)(); // Right({ user, memberships: [] })
 */
export const getMe =
  (deps: GetMeDeps) =>
  (auth: AuthPayload): TE.TaskEither<IdentityError, Me> =>
  // Every `/users/me` runs this: one async step rather than a pipe of Tasks, since each Task step
  // costs promises (docs/performance.md).
  async () => {
    const found = auth.user === null ? await recoverUser(deps, auth.userId)() : E.right(auth.user);
    if (E.isLeft(found)) return found;
    if (isDeleted(found.right)) return E.left(userDeleted());
    const learned = found.right.emailVerified === null ? await learnVerification(deps, found.right) : undefined;
    const user = learned ?? found.right;
    // Authentication read them with the user (one round trip); a recovered or refreshed user is read
    // afresh, since its welcome may just have accepted invitations.
    const memberships =
      auth.memberships !== undefined && auth.user?.id === user.id && learned === undefined
        ? auth.memberships
        : await deps.memberships.listForUser(user.id);
    // ARCHITECTURE §5: cancelled memberships (declined, revoked, removed, left) are omitted here.
    return E.right({ user, memberships: memberships.filter((m) => m.status !== 'cancelled') });
  };
