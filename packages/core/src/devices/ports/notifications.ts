import type { Push, PushReport } from '../notification.js';

/** A push service (Expo's, or a log-only stand-in): puts messages into words and delivers them. */
export interface Notifications {
  /** Sends the pushes (in batches as the service needs); reports tokens it refused as unregistered. */
  send(pushes: readonly Push[]): Promise<PushReport>;
  /** Reads the delivery receipts of earlier pushes that are due; reports tokens found unregistered. */
  collectReceipts(): Promise<PushReport>;
}
