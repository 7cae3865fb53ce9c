import { ContainerModule } from 'inversify';
import {
  createIyzicoGateway,
  createIyzicoSubscriptions,
  createIyzicoSubscriptionScheme,
  createIyzicoThreeDsScheme,
  createIyzicoWebhookScheme,
  createPaymentGateway,
  createPaytrGateway,
  createPaytrNotificationScheme,
  defaultTransport,
  type ProviderGateway,
} from '@idv/adapters-payments';
import { flexibleRateLimiter } from '@idv/adapters-rate-limit';
import {
  DEFAULT_PAYMENT_SWEEP,
  paymentJobHandlers,
  paymentsArea,
  type CallbackScheme,
  type CallbackSchemes,
  type Logger,
  type PaymentGateway,
  type PaymentProvider,
  type PaymentsArea,
  type SchemeId,
} from '@idv/core';
import type { PaymentsConfig } from '../config/payments-config.js';
import { paymentSweepJob } from '../jobs/payment-sweep-job.js';
import type { Area } from './area.js';
import { portsOf } from './port-tokens.js';
import { TOKENS } from './tokens.js';

/**
 * The callback schemes of the enabled providers (reference §8.1): iyzico's 3DS return and payment
 * webhook, its subscription webhook once `IYZICO_MERCHANT_ID` is set, PayTR's notification. A
 * scheme left out answers `SchemeNotConfigured` (503).
 *
 * @example
 * callbackSchemesOf(config.payments); // { 'paytr-notification': … } for PAYMENTS_PROVIDERS=paytr
 */
export const callbackSchemesOf = ({ iyzico, paytr }: PaymentsConfig): CallbackSchemes => {
  const schemes: Partial<Record<SchemeId, CallbackScheme>> = {};
  if (iyzico !== undefined) {
    schemes['iyzico-3ds'] = createIyzicoThreeDsScheme({ secretKey: iyzico.secretKey });
    schemes['iyzico-webhook'] = createIyzicoWebhookScheme({ secretKey: iyzico.secretKey });
    if (iyzico.merchantId !== undefined)
      schemes['iyzico-subscription'] = createIyzicoSubscriptionScheme({ secretKey: iyzico.secretKey, merchantId: iyzico.merchantId });
  }
  if (paytr !== undefined)
    schemes['paytr-notification'] = createPaytrNotificationScheme({ merchantKey: paytr.merchantKey, merchantSalt: paytr.merchantSalt });
  return schemes;
};

/**
 * The enabled providers' API clients behind one `PaymentGateway` (iyzico IYZWSv2, PayTR iFrame),
 * calling back to `publicApiUrl` and sending payers to `PAYMENT_RESULT_URL`.
 *
 * @example
 * paymentGatewayOf(config.payments, 'https://api.gym.example', logger);
 */
export const paymentGatewayOf = (payments: PaymentsConfig, publicApiUrl: string, logger: Logger): PaymentGateway => {
  const transport = defaultTransport();
  const providers: Partial<Record<PaymentProvider, ProviderGateway>> = {};
  if (payments.iyzico !== undefined) {
    providers.iyzico = createIyzicoGateway({
      ...payments.iyzico,
      callbackUrl: `${publicApiUrl}/payments/callbacks/iyzico/3ds`,
      transport,
      logger,
    });
  }
  if (payments.paytr !== undefined) {
    providers.paytr = createPaytrGateway({
      ...payments.paytr,
      resultUrl: payments.resultUrl,
      timeoutMinutes: payments.pendingTtlMinutes,
      transport,
      logger,
    });
  }
  const subscriptions = payments.iyzico === undefined ? undefined : createIyzicoSubscriptions({ ...payments.iyzico, transport });
  return createPaymentGateway(providers, subscriptions);
};

/**
 * The payments area: payment transactions, the callback inbox and linked subscriptions, the enabled
 * providers' callback schemes and API clients, the callbacks' own rate and failure budgets, and the
 * sweeper, run every `PAYMENT_SWEEP_INTERVAL_SECONDS` while a provider is enabled.
 *
 * @example
 * container.load(payments.module(config));
 */
export const payments: Area<PaymentsArea> = {
  services: TOKENS.PaymentsArea,
  module: (config) =>
    new ContainerModule(({ bind }) => {
      const publicApiUrl = config.payments.publicApiUrl ?? `http://127.0.0.1:${config.port}`;
      bind(TOKENS.PaymentSettings).toConstantValue({ enabledProviders: config.payments.enabledProviders });
      bind(TOKENS.PaymentSweepSettings).toConstantValue({ ...DEFAULT_PAYMENT_SWEEP, pendingTtlMinutes: config.payments.pendingTtlMinutes });
      bind(TOKENS.CallbackSchemes).toConstantValue(callbackSchemesOf(config.payments));
      bind(TOKENS.PaymentGateway).toDynamicValue((context) => paymentGatewayOf(config.payments, publicApiUrl, context.get(TOKENS.Logger)));
      bind(TOKENS.PaymentsArea).toDynamicValue((context) => paymentsArea(portsOf(context)));
      // A deleted organization's subscriptions, cancelled at iyzico by the durable queue's workers.
      bind(TOKENS.JobHandlers).toDynamicValue((context) => paymentJobHandlers(portsOf(context)));
      bind(TOKENS.PaymentCallbackLimits).toDynamicValue((context) => {
        const store = context.get(TOKENS.RateLimitStore);
        const logger = context.get(TOKENS.Logger);
        const { rate, failures, trustedCidrs } = config.payments.callbackLimits;
        return {
          rate: flexibleRateLimiter(store, rate, { name: 'paycb', logger }),
          failures: flexibleRateLimiter(store, failures, { name: 'paycb-fail', logger }),
          trustedCidrs,
        };
      });
      // On demand here; every PAYMENT_SWEEP_INTERVAL_SECONDS on one instance of the fleet through the
      // durable queue (`payments.sweep` in PERIODIC_JOBS).
      bind(TOKENS.PaymentSweepJob).toDynamicValue((context) => paymentSweepJob(context.get(TOKENS.PaymentsArea)));
      bind(TOKENS.BackgroundJobs).toService(TOKENS.PaymentSweepJob);
    }),
};
