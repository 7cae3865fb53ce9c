import type { Clock } from '../../shared/clock.js';
import type { Logger } from '../../shared/logger.js';
import { reconcilePayment, type Reconciled, type ReconcilePaymentDeps } from './reconcile-payment.js';

/** How the sweeper treats open payments (`PAYMENT_PENDING_TTL_MINUTES`). */
export interface PaymentSweepSettings {
  /** How long a payer has to finish (3DS page, PayTR iFrame) before the payment expires. */
  readonly pendingTtlMinutes: number;
  /** How long `authorizing` or `under_review` may sit untouched before the provider is asked. */
  readonly stuckAfterSeconds: number;
  /** Most payments looked at in one sweep. */
  readonly batchSize: number;
}

/** Defaults: 30 minutes to pay (PayTR's default `timeout_limit`), stuck after 2 minutes, 50 a sweep. */
export const DEFAULT_PAYMENT_SWEEP: PaymentSweepSettings = { pendingTtlMinutes: 30, stuckAfterSeconds: 120, batchSize: 50 };

/** Ports the sweeper needs. */
export interface SweepPaymentsDeps extends ReconcilePaymentDeps {
  readonly paymentSweep: PaymentSweepSettings;
  readonly clock: Clock;
  readonly logger: Logger;
}

/** How many payments one sweep moved, by what it did. */
export type SweepReport = Readonly<Record<Reconciled, number>>;

/**
 * One bounded sweep (reference §8.4): expires payments whose payer's time is up and reconciles
 * stuck ones through the provider's status query, at most `batchSize` of them, one at a time.
 *
 * @example
 * await sweepPayments(deps)(); // { expired: 2, succeeded: 1, failed: 0, under_review: 0, unchanged: 3, unreachable: 0 }
 */
export const sweepPayments = (deps: SweepPaymentsDeps) => async (): Promise<SweepReport> => {
  const now = deps.clock.now();
  const createdBefore = new Date(now.getTime() - deps.paymentSweep.pendingTtlMinutes * 60_000);
  const updatedBefore = new Date(now.getTime() - deps.paymentSweep.stuckAfterSeconds * 1000);
  const due = await deps.paymentTransactions.listDueForSweep({ createdBefore, updatedBefore }, deps.paymentSweep.batchSize);
  const report: Record<Reconciled, number> = { succeeded: 0, under_review: 0, failed: 0, expired: 0, unchanged: 0, unreachable: 0 };
  const reconcile = reconcilePayment(deps);
  for (const payment of due) {
    report[await reconcile(payment, payment.createdAt < createdBefore)] += 1;
  }
  if (due.length > 0) deps.logger.info({ ...report }, 'payment sweep');
  return report;
};
