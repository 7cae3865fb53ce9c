import * as O from 'fp-ts/lib/Option.js';
import type { Device, DeviceRegistration, InstallationId, PushToken, RegisteredDevice } from '../devices/device.js';
import type { Locale } from '../devices/locale.js';
import type { Devices, PushTarget } from '../devices/ports/devices.js';
import type { UserId } from '../identity/identifiers.js';

/** What the devices fake reads of a user (the database's join with `users`). */
export interface DeviceOwner {
  readonly locale: Locale | null;
  readonly deleted: boolean;
}

const keyOf = (userId: UserId, installationId: InstallationId): string => `${userId} ${installationId}`;

/** The Devices port in memory, with the database adapter's semantics (one row per token, across users). */
export class InMemoryDevices implements Devices {
  private readonly rows = new Map<string, Device>();

  /** `ownerOf` answers for a user id; an unknown user counts as live with no stored language. */
  constructor(private readonly ownerOf: (userId: UserId) => DeviceOwner | undefined = () => undefined) {}

  async register(registration: DeviceRegistration): Promise<RegisteredDevice> {
    const key = keyOf(registration.userId, registration.installationId);
    for (const [other, device] of this.rows) {
      if (other !== key && device.pushToken === registration.pushToken) this.rows.delete(other);
    }
    const existing = this.rows.get(key);
    const device: Device = {
      userId: registration.userId,
      installationId: registration.installationId,
      pushToken: registration.pushToken,
      platform: registration.platform,
      appVersion: registration.appVersion,
      locale: registration.locale ?? existing?.locale ?? registration.fallbackLocale,
      createdAt: existing?.createdAt ?? registration.at,
      updatedAt: registration.at,
    };
    this.rows.set(key, device);
    return { device, created: existing === undefined };
  }

  async find(userId: UserId, installationId: InstallationId): Promise<O.Option<Device>> {
    return O.fromNullable(this.rows.get(keyOf(userId, installationId)));
  }

  async revoke(userId: UserId, installationId: InstallationId): Promise<boolean> {
    return this.rows.delete(keyOf(userId, installationId));
  }

  async listForUser(userId: UserId): Promise<readonly Device[]> {
    return [...this.rows.values()]
      .filter((device) => device.userId === userId)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.installationId.localeCompare(b.installationId));
  }

  async targetsOf(userId: UserId): Promise<readonly PushTarget[]> {
    const owner = this.ownerOf(userId);
    if (owner?.deleted === true) return [];
    return (await this.listForUser(userId)).map((device) => ({ device, userLocale: owner?.locale ?? null }));
  }

  async removeAllForUser(userId: UserId): Promise<number> {
    return this.removeWhere((device) => device.userId === userId);
  }

  async removeByPushTokens(tokens: readonly PushToken[]): Promise<number> {
    return this.removeWhere((device) => tokens.includes(device.pushToken));
  }

  /** Every device, for assertions. */
  all(): readonly Device[] {
    return [...this.rows.values()];
  }

  private removeWhere(matches: (device: Device) => boolean): number {
    let removed = 0;
    for (const [key, device] of this.rows) {
      if (matches(device)) {
        this.rows.delete(key);
        removed += 1;
      }
    }
    return removed;
  }
}
