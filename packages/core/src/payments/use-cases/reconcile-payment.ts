import * as O from 'fp-ts/lib/Option.js';
import type { Clock } from '../../shared/clock.js';
import type { RecordEventPorts } from '../../events/record-event.js';
import type { IdGenerator } from '../../shared/id-generator.js';
import type { UnitOfWork } from '../../shared/unit-of-work.js';
import type { Logger } from '../../shared/logger.js';
import { applyEvidence, settleTransition } from '../apply-decision.js';
import type { PaymentTransaction } from '../payment.js';
import type { PaymentStatus } from '../payment-status.js';
import type { PaymentFulfilment } from '../ports/payment-fulfilment.js';
import type { PaymentGateway, ProviderVerdict } from '../ports/payment-gateway.js';
import type { PaymentTransactions } from '../ports/payment-transactions.js';

/** Ports a reconciliation needs. */
export interface ReconcilePaymentDeps extends RecordEventPorts {
  readonly paymentTransactions: PaymentTransactions;
  readonly paymentGateway: PaymentGateway;
  readonly clock: Clock;
  readonly logger: Logger;
  /** Each settled transition is written with its outbound event. */
  readonly unitOfWork: UnitOfWork;
  readonly ids: IdGenerator;
  /** An expiry, a failure or a success acts on what the payment paid for, in its unit of work. */
  readonly paymentFulfilment: PaymentFulfilment;
}

/** What one sweep did to one payment. */
export type Reconciled = 'succeeded' | 'under_review' | 'failed' | 'expired' | 'unchanged' | 'unreachable';

/** Statuses whose payer had a time limit: past it, a payment the provider does not know as paid expires. */
const PAYER_PENDING: readonly PaymentStatus[] = ['initiated', 'awaiting_customer'];

/**
 * Settles one open payment the sweeper picked: asks the provider (status query). A success found
 * there is applied as one guarded transition (after an expiry it is kept and flagged late); a
 * failure fails it; otherwise a payment whose payer's time is up (`pastTtl`) expires, an
 * authorization the provider still does not know past that time fails (`auth_unconfirmed`), and
 * anything else stuck (`authorizing`, `under_review`) is only marked as checked, so the next sweep
 * takes others first. An unreachable provider settles nothing it may have charged: only `initiated`
 * and `awaiting_customer` past their time expire.
 *
 * @example
 * await reconcilePayment(deps)(payment, true); // 'expired'
 */
export const reconcilePayment =
  (deps: ReconcilePaymentDeps) =>
  async (payment: PaymentTransaction, pastTtl: boolean): Promise<Reconciled> => {
    let verdict: ProviderVerdict | 'unreachable';
    try {
      verdict = await deps.paymentGateway.queryStatus(payment);
    } catch (error) {
      deps.logger.warn(
        { paymentId: payment.id, provider: payment.provider, error: error instanceof Error ? error.message : String(error) },
        'payment status query failed',
      );
      verdict = 'unreachable';
    }
    if (verdict !== 'unreachable' && (verdict.status === 'succeeded' || verdict.status === 'failed')) {
      const evidence =
        verdict.status === 'succeeded'
          ? { kind: 'success' as const, paidAmountMinor: verdict.paidAmountMinor }
          : { kind: 'failure' as const, code: verdict.code };
      const applied = await applyEvidence(deps, payment, evidence);
      if (applied.kind === 'applied' && applied.transaction.lateSuccess) {
        deps.logger.error({ paymentId: payment.id, provider: payment.provider }, 'late payment success after failure or expiry');
      }
      if (applied.kind === 'refused')
        deps.logger.error({ paymentId: payment.id, reason: applied.reason }, 'payment status refused: amount below what was asked');
      return applied.kind === 'applied' ? verdict.status : 'unchanged';
    }
    const at = deps.clock.now();
    if (verdict !== 'unreachable' && verdict.status === 'under_review' && payment.status === 'authorizing') {
      const moved = await deps.paymentTransactions.transition(payment.id, ['authorizing'], { status: 'under_review', at });
      return O.isSome(moved) ? 'under_review' : 'unchanged';
    }
    if (pastTtl && PAYER_PENDING.includes(payment.status)) {
      const moved = await settleTransition(deps, payment, [payment.status], { status: 'expired', failureCode: 'expired', at });
      return O.isSome(moved) ? 'expired' : 'unchanged';
    }
    // An auth call that never reached the provider (it still knows no charge) is given up once the
    // payer's time is over; should the charge surface later, it is kept as a late success.
    if (pastTtl && payment.status === 'authorizing' && verdict !== 'unreachable' && verdict.status === 'pending') {
      const moved = await settleTransition(deps, payment, ['authorizing'], { status: 'failed', failureCode: 'auth_unconfirmed', at });
      return O.isSome(moved) ? 'failed' : 'unchanged';
    }
    // Checked and still open: touched, so that the least recently checked payments go first next time.
    await deps.paymentTransactions.transition(payment.id, [payment.status], { status: payment.status, at });
    return verdict === 'unreachable' ? 'unreachable' : 'unchanged';
  };
