import * as TE from 'fp-ts/lib/TaskEither.js';
import type { AuthPayload } from '../../identity/auth-payload.js';
import { fromPort } from '../../shared/from-port.js';
import type { Device } from '../device.js';
import type { Devices } from '../ports/devices.js';

/**
 * The caller's devices, oldest first (the HTTP layer masks their tokens). A caller with no local
 * user yet has none.
 *
 * @example
 * await listDevices({ devices })(request.auth)(); // Right([device])
 */
export const listDevices =
  (deps: { readonly devices: Devices }) =>
  (caller: AuthPayload): TE.TaskEither<never, readonly Device[]> => {
    const user = caller.user;
    return user === null ? TE.right([]) : fromPort(() => deps.devices.listForUser(user.id));
  };
