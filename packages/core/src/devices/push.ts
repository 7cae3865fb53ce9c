import type { UserId } from '../identity/identifiers.js';
import type { Logger } from '../shared/logger.js';
import { maskPushToken } from './device.js';
import { recipientLocale } from './locale.js';
import type { NotificationMessage, Push, PushReport } from './notification.js';
import type { Devices } from './ports/devices.js';
import type { Notifications } from './ports/notifications.js';

/** Ports that send a notification to a user's devices. */
export interface NotifyDeps {
  readonly devices: Devices;
  readonly notifications: Notifications;
  readonly logger: Logger;
}

/** Removes the devices whose tokens the push service no longer knows (`DeviceNotRegistered`); how many went. */
export const forgetUnregistered = async (deps: NotifyDeps, report: PushReport): Promise<number> => {
  if (report.unregistered.length === 0) return 0;
  const removed = await deps.devices.removeByPushTokens(report.unregistered);
  deps.logger.info({ pushTokens: report.unregistered.map(maskPushToken), removed }, 'devices removed: not registered at the push service');
  return removed;
};

/**
 * Sends one message to every device of a user who is not deleted, each in the recipient's
 * language (the user's stored one, else the device's), and removes devices the push service
 * reports unregistered. Resolves with the number of pushes sent.
 *
 * @example
 * await notifyUser({ devices, notifications, logger })(userId, { kind: 'invitation.received', … }); // 1
 */
export const notifyUser =
  (deps: NotifyDeps) =>
  async (userId: UserId, message: NotificationMessage): Promise<number> => {
    const targets = await deps.devices.targetsOf(userId);
    if (targets.length === 0) return 0;
    const pushes: Push[] = targets.map(({ device, userLocale }) => ({
      installationId: device.installationId,
      pushToken: device.pushToken,
      platform: device.platform,
      locale: recipientLocale(userLocale, device.locale),
      message,
    }));
    await forgetUnregistered(deps, await deps.notifications.send(pushes));
    return pushes.length;
  };
