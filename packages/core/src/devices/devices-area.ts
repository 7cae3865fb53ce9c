import type { Users } from '../identity/ports/users.js';
import type { Clock } from '../shared/clock.js';
import type { NotifyDeps } from './push.js';
import { listDevices } from './use-cases/list-devices.js';
import { registerDevice } from './use-cases/register-device.js';
import { rememberLocale } from './use-cases/remember-locale.js';
import { revokeDevice } from './use-cases/revoke-device.js';

/** Every port the devices area needs, by name. */
export interface DevicesPorts extends NotifyDeps {
  readonly users: Users;
  readonly clock: Clock;
}

/**
 * The devices area's use cases bound to their ports: registering, revoking and listing
 * the caller's devices, and remembering the caller's language (push receipts are a job: `pushReceiptJobHandlers`).
 *
 * @example
 * const devices = devicesArea({ devices, notifications, users, clock, logger });
 * await devices.registerDevice(request.auth, { installationId, pushToken, platform: 'ios', appVersion: null, locale: null })();
 */
export const devicesArea = (ports: DevicesPorts) => ({
  /** See `registerDevice`. */
  registerDevice: registerDevice(ports),
  /** See `revokeDevice`. */
  revokeDevice: revokeDevice(ports),
  /** See `listDevices`. */
  listDevices: listDevices(ports),
  /** See `rememberLocale`. */
  rememberLocale: rememberLocale(ports),
});

/** The devices area's bound use cases. */
export type DevicesArea = ReturnType<typeof devicesArea>;
