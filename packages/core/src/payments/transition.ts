import type { PaymentCallbackEvent } from './callback.js';
import { type PaymentTransaction } from './payment.js';
import { OPEN_STATUSES, REVIEWABLE_STATUSES } from './payment-status.js';
import type { PaymentChange, PaymentLookup } from './ports/payment-transactions.js';

/** What a verified callback says about a payment, whatever the scheme. */
export type Evidence =
  | { readonly kind: 'customerReturned' }
  | { readonly kind: 'success'; readonly paidAmountMinor: number | null }
  | { readonly kind: 'failure'; readonly code: string }
  | { readonly kind: 'intermediate' }
  /** A success the provider's own detail does not confirm (a renewal): held for a person, never trusted. */
  | { readonly kind: 'unconfirmed'; readonly code: string };

/** What to do with a payment given new evidence. */
export type Decision =
  | { readonly kind: 'transition'; readonly change: Omit<PaymentChange, 'at'> }
  | { readonly kind: 'stale' }
  | { readonly kind: 'ignored' }
  | { readonly kind: 'refused'; readonly reason: string };

/** Reads a verified callback as evidence (reference §1.4, §2.2, §3, §4.1). */
export const evidenceOf = (event: PaymentCallbackEvent): Evidence => {
  switch (event._tag) {
    case 'ThreeDsReturned':
      // reference §1.4: auth only when status is success and mdStatus is 1.
      return event.status === 'success' && event.mdStatus === '1'
        ? { kind: 'customerReturned' }
        : { kind: 'failure', code: `mdStatus:${event.mdStatus}` };
    case 'IyzicoPaymentNotified':
      if (event.status === 'SUCCESS') return { kind: 'success', paidAmountMinor: null };
      if (event.status === 'FAILURE') return { kind: 'failure', code: `iyzico:${event.eventType}` };
      return { kind: 'intermediate' };
    case 'IyzicoSubscriptionNotified':
      if (event.eventType === 'subscription.order.success') return { kind: 'success', paidAmountMinor: null };
      if (event.eventType === 'subscription.order.failure') return { kind: 'failure', code: 'iyzico:subscription.order.failure' };
      return { kind: 'intermediate' };
    case 'PaytrNotified':
      return event.status === 'success'
        ? { kind: 'success', paidAmountMinor: event.totalAmountMinor }
        : { kind: 'failure', code: `paytr:${event.unsigned.failedReasonCode ?? 'unknown'}` };
  }
};

/** Where a callback's transaction is looked up: by the ids the provider signed. */
export const lookupOf = (event: PaymentCallbackEvent): PaymentLookup => {
  switch (event._tag) {
    case 'ThreeDsReturned':
      return { by: 'providerPaymentId', provider: 'iyzico', value: event.paymentId };
    case 'IyzicoPaymentNotified':
      return event.format === 'hpp' && event.token !== undefined
        ? { by: 'providerToken', provider: 'iyzico', value: event.token }
        : { by: 'providerPaymentId', provider: 'iyzico', value: event.paymentId };
    case 'IyzicoSubscriptionNotified':
      return { by: 'orderReferenceCode', provider: 'iyzico', value: event.orderReferenceCode };
    case 'PaytrNotified':
      return { by: 'merchantReference', provider: 'paytr', value: event.merchantOid };
  }
};

/** Whether the transaction found is really the callback's (reference §1.8: a valid callback for another payment must not complete ours). */
export const belongsTo = (event: PaymentCallbackEvent, transaction: PaymentTransaction): boolean => {
  switch (event._tag) {
    case 'ThreeDsReturned':
    case 'IyzicoPaymentNotified':
      return event.conversationId === '' || event.conversationId === transaction.merchantReference;
    case 'IyzicoSubscriptionNotified':
      return transaction.subscriptionReferenceCode === event.subscriptionReferenceCode;
    case 'PaytrNotified':
      return true;
  }
};

/**
 * The state machine of reference §8.5 as one pure rule: a verified success never regresses; a
 * success after `failed` or `expired` is kept and flagged (money was taken), except a retried
 * subscription renewal; an underpaid success is refused.
 */
export const decide = (transaction: PaymentTransaction, evidence: Evidence): Decision => {
  const { status } = transaction;
  switch (evidence.kind) {
    case 'intermediate':
      return { kind: 'ignored' };
    case 'unconfirmed':
      return REVIEWABLE_STATUSES.includes(status)
        ? { kind: 'transition', change: { status: 'under_review', failureCode: evidence.code } }
        : { kind: 'stale' };
    case 'customerReturned':
      return status === 'awaiting_customer' ? { kind: 'transition', change: { status: 'authorizing' } } : { kind: 'stale' };
    case 'failure':
      return OPEN_STATUSES.includes(status)
        ? { kind: 'transition', change: { status: 'failed', failureCode: evidence.code } }
        : { kind: 'stale' };
    case 'success': {
      if (status === 'succeeded' || status === 'refunded') return { kind: 'stale' };
      if (evidence.paidAmountMinor !== null && evidence.paidAmountMinor < transaction.amountMinor)
        return { kind: 'refused', reason: 'underpaid' };
      const paid = { paidAmountMinor: evidence.paidAmountMinor ?? transaction.amountMinor };
      if (OPEN_STATUSES.includes(status)) return { kind: 'transition', change: { status: 'succeeded', ...paid } };
      // reference §3: iyzico retries a failed renewal under the same order reference; its success is the plan working, not money taken behind our back.
      if (status === 'failed' && transaction.subscriptionReferenceCode !== null)
        return { kind: 'transition', change: { status: 'succeeded', ...paid } };
      return { kind: 'transition', change: { status: 'succeeded', ...paid, lateSuccess: true } };
    }
  }
};
