import type { PendingReceipt, Push, ReceiptsReport, SendReport } from '../notification.js';

/** A push service (Expo's, or a log-only stand-in): puts messages into words and delivers them. */
export interface Notifications {
  /** Sends the pushes (in batches as the service needs); reports tokens it refused as unregistered, and the receipts to read. */
  send(pushes: readonly Push[]): Promise<SendReport>;
  /** Reads these receipts; reports tokens found unregistered, and the receipts not answered yet. */
  readReceipts(receipts: readonly PendingReceipt[]): Promise<ReceiptsReport>;
}
