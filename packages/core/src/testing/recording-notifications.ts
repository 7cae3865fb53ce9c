import type { PushToken } from '../devices/device.js';
import type { Push, PushReport } from '../devices/notification.js';
import type { Notifications } from '../devices/ports/notifications.js';

/** A push service that records every push; tokens marked unregistered are reported so, at send or in receipts. */
export class RecordingNotifications implements Notifications {
  readonly sent: Push[] = [];
  /** Tokens the service refuses at send time (a `DeviceNotRegistered` ticket). */
  readonly unregisteredAtSend = new Set<PushToken>();
  /** Tokens the next receipts report as `DeviceNotRegistered`. */
  readonly unregisteredInReceipts = new Set<PushToken>();
  /** When set, `send` rejects, like a push service that is down. */
  failSends = false;

  async send(pushes: readonly Push[]): Promise<PushReport> {
    if (this.failSends) throw new Error('push service unavailable');
    this.sent.push(...pushes);
    return { unregistered: pushes.map((push) => push.pushToken).filter((token) => this.unregisteredAtSend.has(token)) };
  }

  async collectReceipts(): Promise<PushReport> {
    const unregistered = [...this.unregisteredInReceipts];
    this.unregisteredInReceipts.clear();
    return { unregistered };
  }
}
