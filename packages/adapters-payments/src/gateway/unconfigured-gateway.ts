import * as E from 'fp-ts/lib/Either.js';
import type { GatewayFailure, Initialized, PaymentGateway, ProviderVerdict } from '@idv/core';

/** The refusal code a start-payment answers while no provider API client is configured. */
export const GATEWAY_NOT_CONFIGURED = 'payment_gateway_not_configured';

/**
 * A `PaymentGateway` for a deployment without a provider API client (the callbacks still work):
 * initialize refuses with `payment_gateway_not_configured` (start-payment answers 422 `PaymentRefused`
 * with that code, never a 500); a 3DS completion rejects, which leaves the payment `authorizing` for
 * the provider's webhook; a status query answers `pending`.
 *
 * @example
 * const paymentGateway = unconfiguredPaymentGateway();
 */
export const unconfiguredPaymentGateway = (): PaymentGateway => ({
  initialize: async (): Promise<E.Either<GatewayFailure, Initialized>> => E.left({ _tag: 'Refused', code: GATEWAY_NOT_CONFIGURED }),
  completeThreeDs: async (): Promise<ProviderVerdict> => {
    throw new Error('payment gateway not configured: the 3DS completion cannot be sent');
  },
  queryStatus: async (): Promise<ProviderVerdict> => ({ status: 'pending' }),
});
