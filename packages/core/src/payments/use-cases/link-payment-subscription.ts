import * as E from 'fp-ts/lib/Either.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import { pipe } from 'fp-ts/lib/function.js';
import type { AuthPayload } from '../../identity/auth-payload.js';
import { authorize, type AuthorizationError, type AuthorizeDeps } from '../../membership/authorize.js';
import type { OrganizationId } from '../../organization/organization.js';
import type { Clock } from '../../shared/clock.js';
import type { IdGenerator } from '../../shared/id-generator.js';
import * as O from 'fp-ts/lib/Option.js';
import {
  paymentProviderNotEnabled,
  paymentProviderUnavailable,
  paymentSubscriptionExists,
  subscriptionNotVerified,
  type PaymentProviderNotEnabled,
  type PaymentProviderUnavailable,
  type PaymentSubscriptionExists,
  type SubscriptionNotVerified,
  type SubscriptionRefusal,
} from '../payments.errors.js';
import type { PaymentGateway, ProviderSubscription } from '../ports/payment-gateway.js';
import type { AmountMinor, Currency, PaymentDescription } from '../payment.js';
import type { PaymentSubscriptions } from '../ports/payment-subscriptions.js';
import type { PaymentSubscription, SubscriptionReferenceCode } from '../subscription.js';
import type { PaymentSettings } from './start-payment.js';

/** Ports needed to link a subscription. */
export interface LinkPaymentSubscriptionDeps extends AuthorizeDeps {
  readonly paymentSubscriptions: PaymentSubscriptions;
  readonly paymentGateway: PaymentGateway;
  readonly paymentSettings: PaymentSettings;
  readonly clock: Clock;
  readonly ids: IdGenerator;
}

/** The plan behind an iyzico subscription. */
export interface LinkPaymentSubscriptionInput {
  readonly provider: 'iyzico';
  readonly subscriptionReferenceCode: SubscriptionReferenceCode;
  readonly amountMinor: AmountMinor;
  readonly currency: Currency;
  readonly description: PaymentDescription;
}

/** What iyzico's detail must show for a link (one rule): the subscription ACTIVE, its plan at exactly the amount and currency given. */
export const refusalOf = (
  detail: ProviderSubscription,
  input: Pick<LinkPaymentSubscriptionInput, 'amountMinor' | 'currency'>,
): SubscriptionRefusal | null => {
  if (detail.status !== 'ACTIVE') return 'not_active';
  if (detail.plan.currency !== input.currency) return 'currency_mismatch';
  return detail.plan.amountMinor === input.amountMinor ? null : 'amount_mismatch';
};

/** The errors a link can answer. */
export type LinkPaymentSubscriptionError =
  AuthorizationError | PaymentProviderNotEnabled | PaymentSubscriptionExists | SubscriptionNotVerified | PaymentProviderUnavailable;

/**
 * Links an iyzico subscription to the organization with its plan (`billing.manage`), so that each
 * renewal iyzico notifies becomes a payment of this organization for that amount. Before anything is
 * stored, iyzico's subscription detail (asked with this merchant's keys) must show the subscription
 * ACTIVE with its plan at the amount and currency given (`SubscriptionNotVerified` with the reason);
 * iyzico unreachable is `PaymentProviderUnavailable`. A subscription is linked once
 * (`PaymentSubscriptionExists`).
 *
 * @example
 * await linkPaymentSubscription(deps)(request.auth, orgId, { provider: 'iyzico', subscriptionReferenceCode, amountMinor, currency: 'TRY', description })();
 */
export const linkPaymentSubscription =
  (deps: LinkPaymentSubscriptionDeps) =>
  (
    caller: AuthPayload,
    organizationId: OrganizationId,
    input: LinkPaymentSubscriptionInput,
  ): TE.TaskEither<LinkPaymentSubscriptionError, PaymentSubscription> =>
    pipe(
      authorize(deps)(caller, organizationId, 'billing.manage'),
      TE.flatMap(({ actor }): TE.TaskEither<Exclude<LinkPaymentSubscriptionError, AuthorizationError>, PaymentSubscription> => async () => {
        if (!deps.paymentSettings.enabledProviders.includes(input.provider)) return E.left(paymentProviderNotEnabled(input.provider));
        const detail = await deps.paymentGateway.subscriptionDetail(input.subscriptionReferenceCode);
        if (E.isLeft(detail)) return E.left(paymentProviderUnavailable(input.provider));
        if (O.isNone(detail.right)) return E.left(subscriptionNotVerified('not_found'));
        const refusal = refusalOf(detail.right.value, input);
        if (refusal !== null) return E.left(subscriptionNotVerified(refusal));
        const subscription: PaymentSubscription = {
          id: deps.ids.uuid(),
          organizationId,
          createdBy: actor.userId,
          createdAt: deps.clock.now(),
          status: 'active',
          ...input,
        };
        return (await deps.paymentSubscriptions.create(subscription)) === 'created'
          ? E.right(subscription)
          : E.left(paymentSubscriptionExists());
      }),
    );
