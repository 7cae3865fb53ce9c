import type { BackgroundTasks, DevicesArea } from '@idv/core';

/** Between 1 s and a minute: a receipt is read at most a minute after it becomes due. */
const checkEveryMs = (receiptDelaySeconds: number): number => Math.min(60_000, Math.max(1_000, receiptDelaySeconds * 1000));

/**
 * Issue #14: reads the push service's due receipts on a timer (unref'd, so it never keeps the
 * process alive), as background work: a failure is logged at warn. `stop()` ends the timer.
 *
 * @example
 * const receipts = settleReceiptsPeriodically(devicesArea, background, 900);
 * receipts.stop();
 */
export const settleReceiptsPeriodically = (devices: Pick<DevicesArea, 'settlePushReceipts'>, background: BackgroundTasks, receiptDelaySeconds: number) => {
  const timer = setInterval(() => {
    background.run('settle push receipts', async () => {
      await devices.settlePushReceipts()();
    });
  }, checkEveryMs(receiptDelaySeconds));
  timer.unref();
  return { stop: () => clearInterval(timer) };
};
