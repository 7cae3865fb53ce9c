import type { BackgroundTasks, DevicesArea } from '@idv/core';
import type { BackgroundJob } from './background-job.js';

/** Between 1 s and a minute: a receipt is read at most a minute after it becomes due. */
const checkEveryMs = (receiptDelaySeconds: number): number => Math.min(60_000, Math.max(1_000, receiptDelaySeconds * 1000));

/**
 * Reads the push service's due receipts on a timer (unref'd, so it never keeps the process alive),
 * as background work: a failure is logged at warn, and the devices a receipt reports unregistered go.
 *
 * @example
 * const receipts = pushReceiptsJob(devicesArea, background, 900);
 * receipts.start();
 * await receipts.stop();
 */
export const pushReceiptsJob = (
  devices: Pick<DevicesArea, 'settlePushReceipts'>,
  background: BackgroundTasks,
  receiptDelaySeconds: number,
): BackgroundJob => {
  let timer: NodeJS.Timeout | undefined;
  return {
    start: () => {
      timer = setInterval(() => {
        background.run('settle push receipts', async () => {
          await devices.settlePushReceipts()();
        });
      }, checkEveryMs(receiptDelaySeconds));
      timer.unref();
    },
    // The timer stops before the background work drains, so the drain has an end.
    stop: async () => clearInterval(timer),
  };
};
