import type { Logger } from '@idv/core';
import type { PaymentsEmulator } from '@idv/payments-emulator';
import type { PaymentsConfig } from '../config/payments-config.js';

/** The payments configuration the service runs with, and the emulator when it started one. */
export interface PaymentsSetup {
  readonly payments: PaymentsConfig;
  readonly emulator?: PaymentsEmulator;
}

/**
 * Resolves what the configuration left to the running service: `PUBLIC_API_URL` unset means the
 * address it listens on; in development without `PAYMENTS_PROVIDERS`, starts the payments emulator
 * in-process, enables both providers against it and points its callbacks at this service.
 */
export const setUpPayments = async (payments: PaymentsConfig, serviceUrl: string, logger: Logger): Promise<PaymentsSetup> => {
  const publicApiUrl = payments.publicApiUrl ?? serviceUrl;
  if (payments.emulator === undefined) return { payments: { ...payments, publicApiUrl } };
  // A development tool: loaded only here, so a production start never loads it (ARCHITECTURE §1).
  const { startPaymentsEmulator } = await import('@idv/payments-emulator');
  const emulator = await startPaymentsEmulator({ port: payments.emulator.port, serviceUrl });
  logger.info({ url: emulator.url }, 'payments emulator listening');
  return {
    emulator,
    payments: {
      ...payments,
      publicApiUrl,
      enabledProviders: ['iyzico', 'paytr'],
      iyzico: { ...emulator.iyzico, baseUrl: emulator.url },
      paytr: { ...emulator.paytr, baseUrl: emulator.url, testMode: true },
    },
  };
};
