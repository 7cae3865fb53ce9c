import * as TE from 'fp-ts/lib/TaskEither.js';
import type { Users } from '../../identity/ports/users.js';
import type { User } from '../../identity/user.js';
import { fromPort } from '../../shared/from-port.js';
import type { Locale } from '../locale.js';

/**
 * Stores the language a request named on its user, only when it differs from the one loaded with
 * the user row: the hot path (`GET /users/me`) gains neither a query nor a write. Resolves with
 * whether it wrote.
 *
 * @example
 * await rememberLocale({ users })(request.auth.user, 'tr-TR')(); // Right(true) once, Right(false) while unchanged
 */
export const rememberLocale =
  (deps: { readonly users: Users }) =>
  (user: User, locale: Locale): TE.TaskEither<never, boolean> =>
    user.locale === locale || user.deletedAt !== null
      ? TE.right(false)
      : fromPort(async () => {
          await deps.users.setLocale(user.id, locale);
          return true;
        });
