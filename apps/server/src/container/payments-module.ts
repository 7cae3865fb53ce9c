import { ContainerModule } from 'inversify';
import {
  createIyzicoSubscriptionScheme,
  createIyzicoThreeDsScheme,
  createIyzicoWebhookScheme,
  createPaytrNotificationScheme,
  unconfiguredPaymentGateway,
} from '@idv/adapters-payments';
import { paymentsArea, type CallbackScheme, type CallbackSchemes, type SchemeId } from '@idv/core';
import type { PaymentsConfig } from '../config/payments-config.js';
import type { AppConfig } from '../config/app-config.js';
import { resolveArea } from './bind-area.js';
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
    if (iyzico.merchantId !== undefined) schemes['iyzico-subscription'] = createIyzicoSubscriptionScheme({ secretKey: iyzico.secretKey, merchantId: iyzico.merchantId });
  }
  if (paytr !== undefined) schemes['paytr-notification'] = createPaytrNotificationScheme({ merchantKey: paytr.merchantKey, merchantSalt: paytr.merchantSalt });
  return schemes;
};

/**
 * The payments area (issue #10): payment transactions and the callback inbox, the enabled
 * providers' callback schemes, and the gateway. No provider API client is wired yet, so starting a
 * payment answers `PaymentRefused` with `payment_gateway_not_configured` while the callbacks work.
 *
 * @example
 * container.load(paymentsModule(config));
 */
export const paymentsModule = (config: AppConfig): ContainerModule =>
  new ContainerModule(({ bind }) => {
    bind(TOKENS.PaymentSettings).toConstantValue({ enabledProviders: config.payments.enabledProviders });
    bind(TOKENS.CallbackSchemes).toConstantValue(callbackSchemesOf(config.payments));
    bind(TOKENS.PaymentGateway).toConstantValue(unconfiguredPaymentGateway());
    bind(TOKENS.PaymentsArea).toResolvedValue(
      ...resolveArea(paymentsArea, {
        organizations: TOKENS.Organizations,
        memberships: TOKENS.Memberships,
        nationalIds: TOKENS.NationalIds,
        nationalIdVault: TOKENS.NationalIdVault,
        paymentSettings: TOKENS.PaymentSettings,
        paymentTransactions: TOKENS.PaymentTransactions,
        paymentInbox: TOKENS.PaymentInbox,
        paymentGateway: TOKENS.PaymentGateway,
        callbackSchemes: TOKENS.CallbackSchemes,
        unitOfWork: TOKENS.UnitOfWork,
        clock: TOKENS.Clock,
        ids: TOKENS.IdGenerator,
        logger: TOKENS.Logger,
      }),
    );
  });
