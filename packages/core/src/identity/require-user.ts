import * as E from 'fp-ts/lib/Either.js';
import type { AuthPayload } from './auth-payload.js';
import { userDeleted, userNotFound, type UserDeleted, type UserNotFound } from './identity.errors.js';
import { isDeleted, type User } from './user.js';

/**
 * The caller's local user, refused once deleted (`UserDeleted`, whatever the route); a caller with
 * no local row gets what `absent` builds (`OrganizationNotFound` on organization routes, so that
 * nothing is enumerated).
 */
export const requireUserOr = <A>(caller: AuthPayload, absent: () => A): E.Either<A | UserDeleted, User> => {
  const user = caller.user;
  if (user === null) return E.left(absent());
  return isDeleted(user) ? E.left(userDeleted()) : E.right(user);
};

/** The caller's local user, which must exist (`UserNotFound`) and not be deleted (`UserDeleted`). */
export const requireUser = (caller: AuthPayload): E.Either<UserNotFound | UserDeleted, User> => requireUserOr(caller, userNotFound);
