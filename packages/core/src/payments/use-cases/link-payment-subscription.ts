import * as E from 'fp-ts/lib/Either.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import { pipe } from 'fp-ts/lib/function.js';
import type { AuthPayload } from '../../identity/auth-payload.js';
import { authorize, type AuthorizationError, type AuthorizeDeps } from '../../membership/authorize.js';
import type { OrganizationId } from '../../organization/organization.js';
import type { Clock } from '../../shared/clock.js';
import type { IdGenerator } from '../../shared/id-generator.js';
import { paymentProviderNotEnabled, paymentSubscriptionExists, type PaymentProviderNotEnabled, type PaymentSubscriptionExists } from '../payments.errors.js';
import type { AmountMinor, Currency, PaymentDescription } from '../payment.js';
import type { PaymentSubscriptions } from '../ports/payment-subscriptions.js';
import type { PaymentSubscription, SubscriptionReferenceCode } from '../subscription.js';
import type { PaymentSettings } from './start-payment.js';

/** Ports needed to link a subscription. */
export interface LinkPaymentSubscriptionDeps extends AuthorizeDeps {
  readonly paymentSubscriptions: PaymentSubscriptions;
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

/**
 * Links an iyzico subscription to the organization with its plan (`billing.manage`), so that each
 * renewal iyzico notifies becomes a payment of this organization for that amount. A subscription is
 * linked once (`PaymentSubscriptionExists`).
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
  ): TE.TaskEither<AuthorizationError | PaymentProviderNotEnabled | PaymentSubscriptionExists, PaymentSubscription> =>
    pipe(
      authorize(deps)(caller, organizationId, 'billing.manage'),
      TE.flatMap(({ actor }): TE.TaskEither<PaymentProviderNotEnabled | PaymentSubscriptionExists, PaymentSubscription> => async () => {
        if (!deps.paymentSettings.enabledProviders.includes(input.provider)) return E.left(paymentProviderNotEnabled(input.provider));
        const subscription: PaymentSubscription = { id: deps.ids.uuid(), organizationId, createdBy: actor.userId, createdAt: deps.clock.now(), ...input };
        return (await deps.paymentSubscriptions.create(subscription)) === 'created' ? E.right(subscription) : E.left(paymentSubscriptionExists());
      }),
    );
