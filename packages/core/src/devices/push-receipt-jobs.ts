import * as t from 'io-ts';
import { decodeJob } from '../jobs/decode-job.js';
import type { JobHandlers } from '../jobs/job-queue.js';
import { PushToken } from './device.js';
import { awaitReceipts, forgetUnregistered, READ_RECEIPTS_JOB, type NotifyDeps } from './push.js';

// Expo keeps receipts about a day: one not answered by then never will be.
const RECEIPT_TTL_MS = 24 * 60 * 60 * 1000;

const ReadReceipts = t.type({
  /** When the pushes went, in epoch milliseconds. */
  sentAtMs: t.number,
  receipts: t.array(t.type({ receiptId: t.string, pushToken: PushToken })),
});

/**
 * The devices area's job, by name: `devices.read-receipts` {sentAtMs, receipts} reads the receipts of
 * pushes sent a receipt delay ago, removes the devices they report `DeviceNotRegistered`, and asks
 * again, one delay later, for those not answered yet, until a day after sending. Safe to run twice:
 * removing a device already gone removes nothing.
 *
 * @example
 * const handlers = { ...pushReceiptJobHandlers(ports) };
 */
export const pushReceiptJobHandlers = (deps: NotifyDeps): JobHandlers => ({
  [READ_RECEIPTS_JOB]: async (data) => {
    const { sentAtMs, receipts } = decodeJob(ReadReceipts, READ_RECEIPTS_JOB, data);
    const report = await deps.notifications.readReceipts(receipts);
    await forgetUnregistered(deps, report);
    if (report.unanswered.length === 0) return;
    if (deps.clock.now().getTime() - sentAtMs >= RECEIPT_TTL_MS) {
      deps.logger.warn({ receipts: report.unanswered.length }, 'push receipts given up: not answered within a day');
      return;
    }
    await awaitReceipts(deps, report.unanswered, new Date(sentAtMs));
  },
});
