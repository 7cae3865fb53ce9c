import * as E from 'fp-ts/lib/Either.js';
import * as O from 'fp-ts/lib/Option.js';
import { paymentSettled } from '../events/change-events.js';
import type { RecordEventPorts } from '../events/record-event.js';
import type { Clock } from '../shared/clock.js';
import type { UnitOfWork } from '../shared/unit-of-work.js';
import type { PaymentTransaction } from './payment.js';
import type { PaymentFulfilment } from './ports/payment-fulfilment.js';
import type { PaymentChange, PaymentTransactions } from './ports/payment-transactions.js';
import { decide, type Decision, type Evidence } from './transition.js';

/** The result of applying evidence to one transaction. */
export type Applied =
  | { readonly kind: 'applied'; readonly transaction: PaymentTransaction }
  | { readonly kind: 'stale' | 'ignored'; readonly transaction: PaymentTransaction }
  | { readonly kind: 'refused'; readonly reason: string; readonly transaction: PaymentTransaction };

const ATTEMPTS = 3;

/** Ports of a payment transition that records its outbound event. */
export type SettleDeps = RecordEventPorts & {
  readonly paymentTransactions: PaymentTransactions;
  /** What the payment paid for, acted on in the same unit of work (a purchase's grant). */
  readonly paymentFulfilment: PaymentFulfilment;
  readonly clock: Clock;
  readonly unitOfWork: UnitOfWork;
};

/**
 * One guarded transition of `payment` (from one of `from`), written in one unit of work with the
 * outbound event it amounts to (`payment.succeeded`, `payment.failed`, `payment.late_success`; none
 * for other statuses) and what the payment paid for acted on (`PaymentFulfilment`: a purchase's
 * grant exists iff its payment's success committed). None when another writer moved the payment first.
 */
export const settleTransition = async (
  deps: SettleDeps,
  payment: PaymentTransaction,
  from: readonly PaymentTransaction['status'][],
  change: PaymentChange,
): Promise<O.Option<PaymentTransaction>> =>
  E.toUnion(
    await deps.unitOfWork.run(async () => {
      const next = await deps.paymentTransactions.transition(payment.id, from, change);
      if (O.isSome(next)) {
        await paymentSettled(deps, payment, next.value);
        await deps.paymentFulfilment.settled(payment, next.value);
      }
      return E.right(next);
    }),
  );

/**
 * Applies evidence as one guarded transition from the status just read. When another writer moved
 * the payment in between (0 rows), it re-reads and decides again, so a success that races a failure
 * still ends as a (late) success and never as a lost update. Each transition is written with its
 * outbound payment event (`payment.succeeded`, `payment.failed`, `payment.late_success`) in one unit of work.
 */
export const applyEvidence = async (deps: SettleDeps, start: PaymentTransaction, evidence: Evidence): Promise<Applied> => {
  let current = start;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const decision: Decision = decide(current, evidence);
    if (decision.kind === 'stale' || decision.kind === 'ignored') return { kind: decision.kind, transaction: current };
    if (decision.kind === 'refused') return { kind: 'refused', reason: decision.reason, transaction: current };
    const moved = await settleTransition(deps, current, [current.status], { ...decision.change, at: deps.clock.now() });
    if (O.isSome(moved)) return { kind: 'applied', transaction: moved.value };
    const reread = await deps.paymentTransactions.findById(current.id);
    if (O.isNone(reread)) return { kind: 'stale', transaction: current };
    current = reread.value;
  }
  return { kind: 'stale', transaction: current };
};
