import * as E from 'fp-ts/lib/Either.js';
import type { PaymentFulfilment } from '../ports/payment-fulfilment.js';
import * as O from 'fp-ts/lib/Option.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import type { Clock } from '../../shared/clock.js';
import type { IdGenerator } from '../../shared/id-generator.js';
import type { RecordEventPorts } from '../../events/record-event.js';
import type { Logger } from '../../shared/logger.js';
import type { Organizations } from '../../organization/ports/organizations.js';
import type { UnitOfWork } from '../../shared/unit-of-work.js';
import { applyEvidence } from '../apply-decision.js';
import { eventTypeOf, inboxPayloadOf, type PaymentCallbackEvent } from '../callback.js';
import type { PaymentId, PaymentTransaction } from '../payment.js';
import type { PaymentStatus } from '../payment-status.js';
import type { CallbackOutcomeTag, PaymentCallbackInbox } from '../ports/payment-callback-inbox.js';
import type { PaymentGateway } from '../ports/payment-gateway.js';
import type { PaymentSubscriptions } from '../ports/payment-subscriptions.js';
import type { PaymentTransactions } from '../ports/payment-transactions.js';
import { renewalOf, verifyRenewal, type RenewalCheck } from '../renewal.js';
import { belongsTo, evidenceOf, lookupOf } from '../transition.js';
import { completeThreeDs } from './complete-three-ds.js';

/** Ports a verified callback needs. */
export interface HandlePaymentCallbackDeps extends RecordEventPorts {
  /** Whether a payment's organization still exists (a deleted one is not found). */
  readonly organizations: Organizations;
  readonly paymentTransactions: PaymentTransactions;
  /** What a settled payment paid for, acted on in its unit of work. */
  readonly paymentFulfilment: PaymentFulfilment;
  readonly paymentInbox: PaymentCallbackInbox;
  readonly paymentSubscriptions: PaymentSubscriptions;
  readonly paymentGateway: PaymentGateway;
  readonly unitOfWork: UnitOfWork;
  readonly clock: Clock;
  readonly ids: IdGenerator;
  readonly logger: Logger;
}

/** What a verified callback did, and where its payment stands now (for the reply). */
export interface CallbackOutcome {
  readonly _tag: CallbackOutcomeTag;
  readonly transactionId: PaymentId | null;
  readonly status: PaymentStatus | null;
}

const outcome = (
  tag: CallbackOutcomeTag,
  transactionId: PaymentId | null = null,
  status: PaymentStatus | null = null,
): CallbackOutcome => ({
  _tag: tag,
  transactionId,
  status,
});

/**
 * Applies a verified callback once: records it in the inbox (a duplicate of the same scheme and
 * dedupe key changes nothing), finds its payment by the ids the provider signed (a subscription
 * renewal's row is created on its first delivery, from the linked plan) and runs one guarded
 * transition, all in one transaction. A 3DS return that moved the payment to `authorizing` then
 * completes it at iyzico, after the commit. A database failure rejects, so the provider retries.
 *
 * A renewal's success is first compared with iyzico's subscription detail (before the transaction):
 * unless the detail lists the order at the amount and currency verified at link time, the renewal
 * goes to `under_review` with the reason as its failure code, never `succeeded`. A delivery for a
 * payment or subscription of a deleted organization is recorded and settled `OrganizationDeleted`
 * (with the payment when there is one), changes no payment, and is logged at error for a person.
 *
 * @example
 * await handlePaymentCallback(deps)(verifiedEvent)(); // Right({ _tag: 'Applied', transactionId, status: 'succeeded' })
 */
export const handlePaymentCallback =
  (deps: HandlePaymentCallbackDeps) =>
  (event: PaymentCallbackEvent): TE.TaskEither<never, CallbackOutcome> =>
  async () => {
    const check = await renewalCheckOf(deps, event);
    const recorded = await deps.unitOfWork.run(async () => E.right(await applyOnce(deps, event, check)));
    const result = E.isRight(recorded) ? recorded.right : outcome('Stale');
    if (event._tag === 'ThreeDsReturned' && result._tag === 'Applied' && result.status === 'authorizing' && result.transactionId !== null) {
      return E.right(await completeThreeDs(deps)(result.transactionId));
    }
    return E.right(result);
  };

// Only a renewal's success is checked: a failure moves no money, and a delivery without a linked subscription is Unmatched anyway.
const renewalCheckOf = async (deps: HandlePaymentCallbackDeps, event: PaymentCallbackEvent): Promise<RenewalCheck> => {
  if (event._tag !== 'IyzicoSubscriptionNotified' || event.eventType !== 'subscription.order.success') return { kind: 'agrees' };
  const subscription = await deps.paymentSubscriptions.findByReference('iyzico', event.subscriptionReferenceCode);
  if (O.isNone(subscription)) return { kind: 'agrees' };
  const detail = await deps.paymentGateway
    .subscriptionDetail(event.subscriptionReferenceCode)
    .catch(() => E.left({ _tag: 'Unavailable' as const, reason: 'subscription detail failed' }));
  return verifyRenewal(subscription.value, event.orderReferenceCode, detail);
};

const applyOnce = async (deps: HandlePaymentCallbackDeps, event: PaymentCallbackEvent, check: RenewalCheck): Promise<CallbackOutcome> => {
  const entryId = deps.ids.uuid();
  const recorded = await deps.paymentInbox.record({
    id: entryId,
    scheme: event.scheme,
    dedupeKey: event.dedupeKey,
    eventType: eventTypeOf(event),
    payload: inboxPayloadOf(event),
    receivedAt: event.receivedAt,
  });
  if (recorded === 'duplicate') return duplicateOf(deps, event);
  const found = await findOrCreate(deps, event);
  if (found === 'deleted') {
    deps.logger.error(
      { scheme: event.scheme, dedupeKey: event.dedupeKey },
      'subscription renewal for a deleted organization: recorded, not applied',
    );
    await deps.paymentInbox.settle(entryId, 'OrganizationDeleted', null);
    return outcome('OrganizationDeleted');
  }
  if (O.isNone(found) || !belongsTo(event, found.value)) {
    deps.logger.warn({ scheme: event.scheme, dedupeKey: event.dedupeKey }, 'payment callback matches no payment of ours');
    await deps.paymentInbox.settle(entryId, 'Unmatched', null);
    return outcome('Unmatched');
  }
  if (O.isNone(await deps.organizations.findById(found.value.organizationId))) {
    deps.logger.error(
      { scheme: event.scheme, paymentId: found.value.id, organizationId: found.value.organizationId },
      'payment callback for a deleted organization: recorded, not applied',
    );
    await deps.paymentInbox.settle(entryId, 'OrganizationDeleted', found.value.id);
    return outcome('OrganizationDeleted', found.value.id, found.value.status);
  }
  const evidence = check.kind === 'agrees' ? evidenceOf(event) : { kind: 'unconfirmed' as const, code: `subscription:${check.reason}` };
  if (check.kind === 'disagrees') {
    deps.logger.error(
      { scheme: event.scheme, paymentId: found.value.id, reason: check.reason },
      'subscription renewal not confirmed by the provider: held for review',
    );
  }
  const applied = await applyEvidence(deps, found.value, evidence);
  const tx = applied.transaction;
  const tag: CallbackOutcomeTag =
    applied.kind === 'applied' ? 'Applied' : applied.kind === 'stale' ? 'Stale' : applied.kind === 'ignored' ? 'Ignored' : 'Refused';
  if (applied.kind === 'refused') {
    deps.logger.error(
      { scheme: event.scheme, paymentId: tx.id, reason: applied.reason },
      'payment callback refused: amount below what was asked',
    );
  }
  if (applied.kind === 'applied' && tx.lateSuccess) {
    // reference §8.5: money was taken after we gave up on the payment; never drop it, alert.
    deps.logger.error({ scheme: event.scheme, paymentId: tx.id }, 'late payment success after failure or expiry');
  }
  await deps.paymentInbox.settle(entryId, tag as Exclude<CallbackOutcomeTag, 'Duplicate'>, tx.id);
  return outcome(tag, tx.id, tx.status);
};

// None: no payment or linked subscription of ours; 'deleted': a renewal of a deleted organization's subscription (no row is created for it).
const findOrCreate = async (
  deps: HandlePaymentCallbackDeps,
  event: PaymentCallbackEvent,
): Promise<O.Option<PaymentTransaction> | 'deleted'> => {
  const found = await deps.paymentTransactions.find(lookupOf(event));
  if (O.isSome(found) || event._tag !== 'IyzicoSubscriptionNotified') return found;
  // reference §8.5: a renewal's row appears with the first delivery for its order, amount from our plan.
  const subscription = await deps.paymentSubscriptions.findByReference('iyzico', event.subscriptionReferenceCode);
  if (O.isNone(subscription)) return O.none;
  if (O.isNone(await deps.organizations.findById(subscription.value.organizationId))) return 'deleted';
  return O.some(await deps.paymentTransactions.createRenewal(renewalOf(subscription.value, event, deps.ids.uuid(), deps.clock.now())));
};

// A duplicate names the payment the first delivery settled, as it stands now (a double-submitted 3DS return lands on the right page).
const duplicateOf = async (deps: HandlePaymentCallbackDeps, event: PaymentCallbackEvent): Promise<CallbackOutcome> => {
  const first = O.toNullable(await deps.paymentInbox.find(event.scheme, event.dedupeKey));
  if (first?.transactionId == null) return outcome('Duplicate');
  const payment = O.toNullable(await deps.paymentTransactions.findById(first.transactionId));
  return outcome('Duplicate', first.transactionId, payment?.status ?? null);
};
