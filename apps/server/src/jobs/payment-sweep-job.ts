import type { PaymentsArea, SweepReport } from '@idv/core';
import { onDemandJob, type OnDemandJob } from './on-demand-job.js';

/**
 * The payment sweeper: settles or expires the pending payments, one run at a time. It runs every
 * `PAYMENT_SWEEP_INTERVAL_SECONDS` as the `payments.sweep` entry of `PERIODIC_JOBS`, and on demand.
 *
 * @example
 * const sweeper = paymentSweepJob(paymentsArea);
 * const report = await sweeper.runNow();
 */
export const paymentSweepJob = (payments: Pick<PaymentsArea, 'sweepPayments'>): OnDemandJob<void, SweepReport> =>
  onDemandJob(() => payments.sweepPayments());
