import type { NationalIdVault } from '../identity/ports/national-id-vault.js';
import type { NationalIds } from '../identity/ports/national-ids.js';
import type { AuthorizeDeps } from '../membership/authorize.js';
import { getPayment } from './use-cases/get-payment.js';
import { linkPaymentSubscription } from './use-cases/link-payment-subscription.js';
import { listPayments } from './use-cases/list-payments.js';
import { receivePaymentCallback, type ReceivePaymentCallbackDeps } from './use-cases/receive-payment-callback.js';
import { startPayment, type PaymentSettings } from './use-cases/start-payment.js';
import { sweepPayments, type PaymentSweepSettings } from './use-cases/sweep-payments.js';

/** Every port the payments area needs, by name. */
export interface PaymentsPorts extends AuthorizeDeps, ReceivePaymentCallbackDeps {
  readonly nationalIds: NationalIds;
  readonly nationalIdVault: NationalIdVault;
  readonly paymentSettings: PaymentSettings;
  readonly paymentSweep: PaymentSweepSettings;
}

/**
 * The payments area's use cases bound to their ports: start, read and list payments and link a
 * subscription (authorized through `authorize`), receive the providers' callbacks, each verified by
 * its own scheme, and the sweeper the server runs in the background.
 *
 * @example
 * const payments = paymentsArea({ organizations, memberships, paymentTransactions, paymentInbox, callbackSchemes, … });
 * await payments.receivePaymentCallback('paytr-notification', raw)();
 */
export const paymentsArea = (ports: PaymentsPorts) => ({
  /** See `startPayment`. */
  startPayment: startPayment(ports),
  /** See `getPayment`. */
  getPayment: getPayment(ports),
  /** See `listPayments`. */
  listPayments: listPayments(ports),
  /** See `linkPaymentSubscription`. */
  linkPaymentSubscription: linkPaymentSubscription(ports),
  /** See `receivePaymentCallback`. */
  receivePaymentCallback: receivePaymentCallback(ports),
  /** See `sweepPayments`. */
  sweepPayments: sweepPayments(ports),
});

/** The payments area's bound use cases. */
export type PaymentsArea = ReturnType<typeof paymentsArea>;
