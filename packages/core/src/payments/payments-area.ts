import type { NationalIdVault } from '../identity/ports/national-id-vault.js';
import type { NationalIds } from '../identity/ports/national-ids.js';
import type { AuthorizeDeps } from '../membership/authorize.js';
import { getPayment } from './use-cases/get-payment.js';
import { receivePaymentCallback, type ReceivePaymentCallbackDeps } from './use-cases/receive-payment-callback.js';
import { startPayment, type PaymentSettings } from './use-cases/start-payment.js';

/** Every port the payments area needs, by name. */
export interface PaymentsPorts extends AuthorizeDeps, ReceivePaymentCallbackDeps {
  readonly nationalIds: NationalIds;
  readonly nationalIdVault: NationalIdVault;
  readonly paymentSettings: PaymentSettings;
}

/**
 * The payments area's use cases bound to their ports: start and read a payment (authorized through
 * `authorize`), and receive the providers' callbacks, each verified by its own scheme.
 *
 * @example
 * const payments = paymentsArea({ organizations, memberships, paymentTransactions, paymentInbox, callbackSchemes, … });
 * await payments.receivePaymentCallback('paytr-notification', raw)();
 */
export const paymentsArea = (ports: PaymentsPorts) => ({
  startPayment: startPayment(ports),
  getPayment: getPayment(ports),
  receivePaymentCallback: receivePaymentCallback(ports),
});

/** The payments area's bound use cases. */
export type PaymentsArea = ReturnType<typeof paymentsArea>;
