import type { Option } from 'fp-ts/lib/Option.js';
import type { UserId } from '../../identity/identifiers.js';
import type { Device, DeviceRegistration, InstallationId, PushToken, RegisteredDevice } from '../device.js';
import type { Locale } from '../locale.js';

/** A device a notification goes to, with its owner's stored language. */
export interface PushTarget {
  readonly device: Device;
  /** `users.locale`: the language the user last used; null when never named. */
  readonly userLocale: Locale | null;
}

/**
 * The registered devices: one row per (user, installation); a push token belongs to one row at a
 * time, across users.
 */
export interface Devices {
  /**
   * Registers an installation or updates it. A push token held by another row (another user, or
   * another installation) moves here: that row is removed. Race-safe: concurrent registrations of
   * one token leave exactly one row holding it.
   */
  register(registration: DeviceRegistration): Promise<RegisteredDevice>;
  /** The device of one installation of a user. */
  find(userId: UserId, installationId: InstallationId): Promise<Option<Device>>;
  /** Removes one installation of a user; false when there was none (idempotent). */
  revoke(userId: UserId, installationId: InstallationId): Promise<boolean>;
  /** A user's devices, oldest registration first. */
  listForUser(userId: UserId): Promise<readonly Device[]>;
  /** The devices of a user who is not deleted, each with the user's stored language. */
  targetsOf(userId: UserId): Promise<readonly PushTarget[]>;
  /** Removes every device of a user (the user is being deleted); how many went. */
  removeAllForUser(userId: UserId): Promise<number>;
  /** Removes the devices holding these tokens (the push service no longer knows them); how many went. */
  removeByPushTokens(tokens: readonly PushToken[]): Promise<number>;
}
