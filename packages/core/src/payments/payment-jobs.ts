import * as E from 'fp-ts/lib/Either.js';
import * as t from 'io-ts';
import { decodeJob } from '../jobs/decode-job.js';
import type { JobHandlers, JobQueue } from '../jobs/job-queue.js';
import type { Logger } from '../shared/logger.js';
import type { PaymentGateway } from './ports/payment-gateway.js';
import type { PaymentSubscriptions } from './ports/payment-subscriptions.js';
import type { PaymentSubscription } from './subscription.js';

/** The payments area's jobs, by name. */
export const PAYMENT_JOBS = {
  /** A deleted organization's linked subscription, cancelled at iyzico. */
  cancelSubscription: 'payments.cancel-subscription',
} as const;

const CancelSubscription = t.type({ subscriptionId: t.string, subscriptionReferenceCode: t.string, organizationId: t.string });

/** Enqueues the cancellation of a linked subscription at the provider, inside the unit of work that deletes its organization. */
export const enqueueSubscriptionCancellation = (
  deps: { readonly jobQueue: JobQueue },
  subscription: Pick<PaymentSubscription, 'id' | 'subscriptionReferenceCode' | 'organizationId'>,
): Promise<void> =>
  deps.jobQueue.enqueue(PAYMENT_JOBS.cancelSubscription, {
    subscriptionId: subscription.id,
    subscriptionReferenceCode: subscription.subscriptionReferenceCode,
    organizationId: subscription.organizationId,
  });

/** What the payments' job handlers need. */
export interface PaymentJobDeps {
  readonly paymentGateway: PaymentGateway;
  readonly paymentSubscriptions: PaymentSubscriptions;
  readonly logger: Logger;
}

/**
 * The handlers of the payments area's jobs. Cancelling a subscription marks it `cancelled`; one the
 * provider refuses is flagged `cancel_failed` (for a person to see) and the attempt fails, so it is
 * retried with backoff; a later success marks it `cancelled` (cancelling again is harmless at iyzico).
 *
 * @example
 * const handlers = paymentJobHandlers({ paymentGateway, paymentSubscriptions, logger });
 */
export const paymentJobHandlers = (deps: PaymentJobDeps): JobHandlers => ({
  [PAYMENT_JOBS.cancelSubscription]: async (data) => {
    const job = decodeJob(CancelSubscription, PAYMENT_JOBS.cancelSubscription, data);
    const cancelled = await deps.paymentGateway
      .cancelSubscription(job.subscriptionReferenceCode)
      .catch((error: unknown) => E.left({ _tag: 'Unavailable' as const, reason: error instanceof Error ? error.message : String(error) }));
    if (E.isRight(cancelled)) return deps.paymentSubscriptions.setStatus(job.subscriptionId, 'cancelled');
    await deps.paymentSubscriptions.setStatus(job.subscriptionId, 'cancel_failed');
    deps.logger.error(
      { organizationId: job.organizationId, subscriptionReferenceCode: job.subscriptionReferenceCode, failure: cancelled.left._tag },
      'subscription of a deleted organization could not be cancelled at the provider: flagged cancel_failed, retried',
    );
    throw new Error(`subscription not cancelled at the provider (${cancelled.left._tag})`);
  },
});
