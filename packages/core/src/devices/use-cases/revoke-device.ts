import * as TE from 'fp-ts/lib/TaskEither.js';
import type { AuthPayload } from '../../identity/auth-payload.js';
import { fromPort } from '../../shared/from-port.js';
import type { InstallationId } from '../device.js';
import type { Devices } from '../ports/devices.js';

/**
 * Removes the caller's installation (the mobile sign-out revokes it before clearing the session).
 * Idempotent: an unknown installation, or a caller with no local user yet, is already revoked.
 *
 * @example
 * await revokeDevice({ devices })(request.auth, installationId)(); // Right(true) the first time, Right(false) after
 */
export const revokeDevice =
  (deps: { readonly devices: Devices }) =>
  (caller: AuthPayload, installationId: InstallationId): TE.TaskEither<never, boolean> => {
    const user = caller.user;
    return user === null ? TE.right(false) : fromPort(() => deps.devices.revoke(user.id, installationId));
  };
