import type { PushToken } from '../devices/device.js';
import type { PendingReceipt, Push, ReceiptsReport, SendReport } from '../devices/notification.js';
import type { Notifications } from '../devices/ports/notifications.js';

/** A push service that records every push; tokens marked unregistered are reported so, at send or in receipts. */
export class RecordingNotifications implements Notifications {
  readonly sent: Push[] = [];
  /** Every batch of receipts asked for, in order. */
  readonly receiptReads: (readonly PendingReceipt[])[] = [];
  /** Tokens the service refuses at send time (a `DeviceNotRegistered` ticket). */
  readonly unregisteredAtSend = new Set<PushToken>();
  /** Tokens whose receipts report `DeviceNotRegistered`. */
  readonly unregisteredInReceipts = new Set<PushToken>();
  /** Tokens whose receipts are not ready yet (asked again later). */
  readonly receiptsNotReady = new Set<PushToken>();
  /** When set, `send` rejects, like a push service that is down. */
  failSends = false;
  private receipts = 0;

  async send(pushes: readonly Push[]): Promise<SendReport> {
    if (this.failSends) throw new Error('push service unavailable');
    this.sent.push(...pushes);
    const refused = (push: Push) => this.unregisteredAtSend.has(push.pushToken);
    return {
      unregistered: pushes.filter(refused).map((push) => push.pushToken),
      pendingReceipts: pushes
        .filter((push) => !refused(push))
        .map((push) => ({ receiptId: `receipt-${++this.receipts}`, pushToken: push.pushToken })),
    };
  }

  async readReceipts(receipts: readonly PendingReceipt[]): Promise<ReceiptsReport> {
    this.receiptReads.push(receipts);
    const answered = receipts.filter((receipt) => !this.receiptsNotReady.has(receipt.pushToken));
    return {
      unregistered: answered.map((receipt) => receipt.pushToken).filter((token) => this.unregisteredInReceipts.has(token)),
      unanswered: receipts.filter((receipt) => this.receiptsNotReady.has(receipt.pushToken)),
    };
  }
}
