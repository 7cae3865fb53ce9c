import type { PaymentTransaction } from '../payment.js';

/**
 * What a settled payment was for (a purchase's plan, say) acts on it: called inside the unit of work
 * that records the payment's move from `before` to `after`, so what it grants exists if and only if
 * the payment's new status committed. A payment that pays for nothing answers at once.
 */
export interface PaymentFulfilment {
  /** Acts on one committed-together move of a payment (a success, a failure, an expiry). */
  settled(before: PaymentTransaction, after: PaymentTransaction): Promise<void>;
}

/** A fulfilment for payments that pay for nothing else (staff payments, tests of the payments area alone). */
export const NO_FULFILMENT: PaymentFulfilment = { settled: () => Promise.resolve() };
