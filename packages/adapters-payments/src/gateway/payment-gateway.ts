import * as E from 'fp-ts/lib/Either.js';
import type { PaymentGateway, PaymentProvider, PaymentTransaction } from '@idv/core';
import type { ProviderGateway } from '../iyzico/iyzico-gateway.js';
import { GATEWAY_NOT_CONFIGURED } from './unconfigured-gateway.js';

/**
 * The `PaymentGateway` port over each enabled provider's client: a call goes to the payment's
 * provider; a provider without a client refuses initialize with `payment_gateway_not_configured`.
 *
 * @example
 * const gateway = createPaymentGateway({ iyzico: createIyzicoGateway(…), paytr: createPaytrGateway(…) });
 */
export const createPaymentGateway = (providers: Partial<Record<PaymentProvider, ProviderGateway>>): PaymentGateway => {
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
    completeThreeDs: (transaction) => of(transaction).completeThreeDs(transaction),
    queryStatus: (transaction) => of(transaction).queryStatus(transaction),
  };
};
