import type { PaymentsEmulator } from '@idv/payments-emulator';

/** The service's environment with both providers enabled against the payments emulator (PayTR in test mode). */
export const paymentsEmulatorEnv = (payments: PaymentsEmulator): Record<string, string> => ({
  PAYMENTS_PROVIDERS: 'iyzico,paytr',
  IYZICO_BASE_URL: payments.url,
  IYZICO_API_KEY: payments.iyzico.apiKey,
  IYZICO_SECRET_KEY: payments.iyzico.secretKey,
  IYZICO_MERCHANT_ID: payments.iyzico.merchantId,
  PAYTR_BASE_URL: payments.url,
  PAYTR_MERCHANT_ID: payments.paytr.merchantId,
  PAYTR_MERCHANT_KEY: payments.paytr.merchantKey,
  PAYTR_MERCHANT_SALT: payments.paytr.merchantSalt,
  PAYTR_TEST_MODE: 'true',
  PAYMENT_RESULT_URL: 'https://app.gym.example/payments/result',
});
