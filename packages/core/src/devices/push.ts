import type { UserId } from '../identity/identifiers.js';
import type { JobQueue } from '../jobs/job-queue.js';
import type { Clock } from '../shared/clock.js';
import type { Logger } from '../shared/logger.js';
import { maskPushToken } from './device.js';
import { recipientLocale } from './locale.js';
import type { NotificationMessage, PendingReceipt, Push, PushReport } from './notification.js';
import type { Devices } from './ports/devices.js';
import type { Notifications } from './ports/notifications.js';

/** The job that reads a batch of push receipts once due, and removes the devices they report unregistered. */
export const READ_RECEIPTS_JOB = 'devices.read-receipts';

/** When push receipts are read. */
export interface PushSettings {
  /** How long after sending a receipt is read (`EXPO_RECEIPT_DELAY_SECONDS`; Expo suggests about 15 minutes). */
  readonly receiptDelaySeconds: number;
}

/** Ports that send a notification to a user's devices and follow up on its receipts. */
export interface NotifyDeps {
  readonly devices: Devices;
  readonly notifications: Notifications;
  readonly logger: Logger;
  readonly jobQueue: JobQueue;
  readonly clock: Clock;
  readonly pushSettings: PushSettings;
}

/** Removes the devices whose tokens the push service no longer knows (`DeviceNotRegistered`); how many went. */
export const forgetUnregistered = async (deps: Pick<NotifyDeps, 'devices' | 'logger'>, report: PushReport): Promise<number> => {
  if (report.unregistered.length === 0) return 0;
  const removed = await deps.devices.removeByPushTokens(report.unregistered);
  deps.logger.info({ pushTokens: report.unregistered.map(maskPushToken), removed }, 'devices removed: not registered at the push service');
  return removed;
};

/**
 * Enqueues the reading of `receipts` one receipt delay from now, as a durable job: whichever
 * instance runs it, after a crash or a restart too. `sentAt` is when the pushes went, so that
 * receipts never answered are given up a day later.
 */
export const awaitReceipts = async (
  deps: Pick<NotifyDeps, 'jobQueue' | 'clock' | 'pushSettings'>,
  receipts: readonly PendingReceipt[],
  sentAt: Date,
): Promise<void> => {
  if (receipts.length === 0) return;
  const startAfter = new Date(deps.clock.now().getTime() + deps.pushSettings.receiptDelaySeconds * 1000);
  await deps.jobQueue.enqueue(
    READ_RECEIPTS_JOB,
    { sentAtMs: sentAt.getTime(), receipts: receipts.map(({ receiptId, pushToken }) => ({ receiptId, pushToken })) },
    { startAfter },
  );
};

/**
 * Sends one message to every device of a user who is not deleted, each in the recipient's
 * language (the user's stored one, else the device's), removes devices the push service
 * reports unregistered, and enqueues the reading of the receipts. Resolves with the number of pushes sent.
 *
 * @example
 * await notifyUser(ports)(userId, { kind: 'invitation.received', … }); // 1
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
    const sentAt = deps.clock.now();
    const report = await deps.notifications.send(pushes);
    await forgetUnregistered(deps, report);
    await awaitReceipts(deps, report.pendingReceipts, sentAt);
    return pushes.length;
  };
