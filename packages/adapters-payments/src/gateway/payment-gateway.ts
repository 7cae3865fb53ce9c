import * as E from 'fp-ts/lib/Either.js';
import type { PaymentGateway, PaymentProvider, PaymentTransaction } from '@idv/core';
import type { ProviderGateway } from '../iyzico/iyzico-gateway.js';
import type { IyzicoSubscriptions } from '../iyzico/subscriptions.js';

/** The refusal code of a payment through a provider that has no API client here. */
export const GATEWAY_NOT_CONFIGURED = 'payment_gateway_not_configured';

/**
 * The `PaymentGateway` port over each enabled provider's client: a call goes to the payment's
 * provider; a provider without a client refuses initialize with `payment_gateway_not_configured`,
 * as do the subscription calls without iyzico's subscription client.
 *
 * @example
 * const gateway = createPaymentGateway({ iyzico: createIyzicoGateway(…), paytr: createPaytrGateway(…) });
 */
export const createPaymentGateway = (
  providers: Partial<Record<PaymentProvider, ProviderGateway>>,
  subscriptions?: IyzicoSubscriptions,
): PaymentGateway => {
  const of = (transaction: PaymentTransaction): ProviderGateway => {
    const gateway = providers[transaction.provider];
    if (gateway === undefined) throw new Error(`no ${transaction.provider} client configured`);
    return gateway;
  };
  return {
    initialize: async (request) => {
      const gateway = providers[request.provider];
      return gateway === undefined ? E.left({ _tag: 'Refused', code: GATEWAY_NOT_CONFIGURED }) : gateway.initialize(request);
    },
    completeThreeDs: async (transaction) => of(transaction).completeThreeDs(transaction),
    queryStatus: async (transaction) => of(transaction).queryStatus(transaction),
    subscriptionDetail: async (reference) =>
      subscriptions === undefined ? E.left({ _tag: 'Refused', code: GATEWAY_NOT_CONFIGURED }) : subscriptions.detail(reference),
    cancelSubscription: async (reference) =>
      subscriptions === undefined ? E.left({ _tag: 'Refused', code: GATEWAY_NOT_CONFIGURED }) : subscriptions.cancel(reference),
  };
};
