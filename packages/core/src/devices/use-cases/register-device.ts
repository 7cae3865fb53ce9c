import * as TE from 'fp-ts/lib/TaskEither.js';
import { pipe } from 'fp-ts/lib/function.js';
import type { AuthPayload } from '../../identity/auth-payload.js';
import type { UserDeleted, UserNotFound } from '../../identity/identity.errors.js';
import { requireUser } from '../../identity/require-user.js';
import type { Clock } from '../../shared/clock.js';
import { fromPort } from '../../shared/from-port.js';
import type { AppVersion, InstallationId, Platform, PushToken, RegisteredDevice } from '../device.js';
import { DEFAULT_LOCALE, type Locale } from '../locale.js';
import type { Devices } from '../ports/devices.js';

/** Ports needed to register a device. */
export interface RegisterDeviceDeps {
  readonly devices: Devices;
  readonly clock: Clock;
}

/** The installation, its token and what the request said about it. */
export interface RegisterDeviceInput {
  readonly installationId: InstallationId;
  readonly pushToken: PushToken;
  readonly platform: Platform;
  readonly appVersion: AppVersion | null;
  /** The language the request named (`requestLocale`), or null. */
  readonly locale: Locale | null;
}

/**
 * Registers the caller's installation or updates it (`created` tells which). The push token moves
 * here from wherever it was, another user's device included. The device keeps the language the
 * request named; a request naming none keeps the stored one, and a new device takes the user's
 * stored language or `en`.
 *
 * @example
 * await registerDevice(deps)(request.auth, { installationId, pushToken, platform: 'ios', appVersion: null, locale: 'tr-TR' })();
 */
export const registerDevice =
  (deps: RegisterDeviceDeps) =>
  (caller: AuthPayload, input: RegisterDeviceInput): TE.TaskEither<UserNotFound | UserDeleted, RegisteredDevice> =>
    pipe(
      TE.fromEither(requireUser(caller)),
      TE.flatMap((user) =>
        fromPort(() =>
          deps.devices.register({ ...input, userId: user.id, fallbackLocale: user.locale ?? DEFAULT_LOCALE, at: deps.clock.now() }),
        ),
      ),
    );
