import * as O from 'fp-ts/lib/Option.js';
import type { PaymentFulfilment } from '../ports/payment-fulfilment.js';
import type { Clock } from '../../shared/clock.js';
import type { RecordEventPorts } from '../../events/record-event.js';
import type { IdGenerator } from '../../shared/id-generator.js';
import type { UnitOfWork } from '../../shared/unit-of-work.js';
import type { Logger } from '../../shared/logger.js';
import { applyEvidence } from '../apply-decision.js';
import type { PaymentId } from '../payment.js';
import type { CallbackOutcomeTag } from '../ports/payment-callback-inbox.js';
import type { PaymentGateway } from '../ports/payment-gateway.js';
import type { PaymentTransactions } from '../ports/payment-transactions.js';
import type { CallbackOutcome } from './handle-payment-callback.js';

/** Ports the 3DS completion needs. */
export interface CompleteThreeDsDeps extends RecordEventPorts {
  readonly paymentTransactions: PaymentTransactions;
  readonly paymentFulfilment: PaymentFulfilment;
  readonly paymentGateway: PaymentGateway;
  readonly clock: Clock;
  readonly logger: Logger;
  /** Each settled transition is written with its outbound event. */
  readonly unitOfWork: UnitOfWork;
  readonly ids: IdGenerator;
}

/**
 * Completes an `authorizing` iyzico 3DS payment through the gateway (the only call that takes the
 * money) and settles it: succeeded, under review or failed. A gateway failure leaves it `authorizing`
 * for the webhook or the sweeper; the auth call is never retried blindly.
 *
 * @example
 * await completeThreeDs(deps)(paymentId); // { _tag: 'Applied', status: 'succeeded', … }
 */
export const completeThreeDs =
  (deps: CompleteThreeDsDeps) =>
  async (id: PaymentId): Promise<CallbackOutcome> => {
    const found = await deps.paymentTransactions.findById(id);
    if (O.isNone(found) || found.value.status !== 'authorizing') {
      return { _tag: 'Stale', transactionId: id, status: O.isSome(found) ? found.value.status : null };
    }
    let verdict;
    try {
      verdict = await deps.paymentGateway.completeThreeDs(found.value);
    } catch (error) {
      deps.logger.warn(
        { paymentId: id, error: error instanceof Error ? error.message : String(error) },
        '3DS completion failed; left authorizing',
      );
      return { _tag: 'Applied', transactionId: id, status: 'authorizing' };
    }
    if (verdict.status === 'pending') return { _tag: 'Applied', transactionId: id, status: 'authorizing' };
    if (verdict.status === 'under_review') {
      const moved = await deps.paymentTransactions.transition(id, ['authorizing'], { status: 'under_review', at: deps.clock.now() });
      return {
        _tag: O.isSome(moved) ? 'Applied' : 'Stale',
        transactionId: id,
        status: O.isSome(moved) ? 'under_review' : found.value.status,
      };
    }
    const applied = await applyEvidence(
      deps,
      found.value,
      verdict.status === 'succeeded'
        ? { kind: 'success', paidAmountMinor: verdict.paidAmountMinor }
        : { kind: 'failure', code: verdict.code },
    );
    const tag: CallbackOutcomeTag = applied.kind === 'applied' ? 'Applied' : applied.kind === 'refused' ? 'Refused' : 'Stale';
    return { _tag: tag, transactionId: id, status: applied.transaction.status };
  };
