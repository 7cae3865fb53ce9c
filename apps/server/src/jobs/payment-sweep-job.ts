import type { Logger, PaymentsArea, SweepReport } from '@idv/core';
import { periodicJob, type PeriodicJob } from './periodic-job.js';

/**
 * The payment sweeper: settles or expires the pending payments on demand and, with an interval,
 * periodically; a failed run is logged and the next one scheduled.
 *
 * @example
 * const sweeper = paymentSweepJob(paymentsArea, logger, 60_000);
 * sweeper.start();
 */
export const paymentSweepJob = (
  payments: Pick<PaymentsArea, 'sweepPayments'>,
  logger: Logger,
  intervalMs?: number,
): PeriodicJob<void, SweepReport> =>
  periodicJob({
    run: () => payments.sweepPayments(),
    ...(intervalMs === undefined ? {} : { intervalMs }),
    onError: (error) =>
      logger.error({ err: error instanceof Error ? error.message : String(error) }, 'payment sweep failed; the next run is scheduled'),
  });
