import { InMemoryPaymentCallbackInbox } from './in-memory-payment-callback-inbox.js';
import { InMemoryPaymentSubscriptions } from './in-memory-payment-subscriptions.js';
import { InMemoryPaymentTransactions } from './in-memory-payment-transactions.js';
import { DEFAULT_PAYMENT_SWEEP } from '../payments/use-cases/sweep-payments.js';
import { FakePaymentGateway } from './fake-payment-gateway.js';
import { createTestWorld } from './world.js';
import type { CallbackSchemes } from '../payments/ports/callback-scheme.js';

/** The test world plus the payments ports: both providers enabled, no callback scheme unless given. */
export const createPaymentsWorld = (callbackSchemes: CallbackSchemes = {}) => ({
  ...createTestWorld(),
  paymentTransactions: new InMemoryPaymentTransactions(),
  paymentInbox: new InMemoryPaymentCallbackInbox(),
  paymentSubscriptions: new InMemoryPaymentSubscriptions(),
  paymentGateway: new FakePaymentGateway(),
  paymentSweep: DEFAULT_PAYMENT_SWEEP,
  callbackSchemes,
  paymentSettings: { enabledProviders: ['iyzico', 'paytr'] as const },
});

/** The world `createPaymentsWorld` builds. */
export type PaymentsWorld = ReturnType<typeof createPaymentsWorld>;
