import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { controlRoutes } from './control/control-routes.js';
import { randomAlphanumeric, randomDigits } from './crypto.js';
import { Dispatcher } from './deliveries/dispatcher.js';
import { sendJson, Router } from './http/router.js';
import { authThreeDs, paymentDetail } from './iyzico/auth.js';
import { initializeThreeDs } from './iyzico/initialize.js';
import { sendSubscriptionWebhook } from './iyzico/iyzico-webhooks.js';
import { cancelSubscription, createSubscription, pricingPlanDetail, recordOrder, subscriptionDetail } from './iyzico/subscriptions.js';
import { completeThreeDs, threeDsOutcome } from './iyzico/three-ds.js';
import { targetsOf, type PaymentsEmulatorOptions } from './options.js';
import type { PaymentsEmulator } from './payments-emulator.js';
import { getToken, iframeOutcome, iframePage, payIframe, statusQuery } from './paytr/paytr-routes.js';
import type { EmulatorState } from './state.js';

const listen = (server: Server, port: number, host: string): Promise<number> =>
  new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });

/**
 * Starts the payments emulator on its own HTTP server: iyzico's 3DS initialize, v2 auth and
 * payment detail, its subscription detail, pricing plan and cancel (IYZWSv2 checked), a 3DS page, PayTR's get-token, iFrame page and status query,
 * and both providers' signed callbacks with their retries.
 *
 * @example
 * const emulator = await startPaymentsEmulator({ serviceUrl: 'http://127.0.0.1:3000' });
 * // PAYMENTS_PROVIDERS=iyzico,paytr IYZICO_BASE_URL=emulator.url PAYTR_BASE_URL=emulator.url …
 */
export const startPaymentsEmulator = async (options: PaymentsEmulatorOptions = {}): Promise<PaymentsEmulator> => {
  const host = options.host ?? '127.0.0.1';
  const server = createServer();
  const port = await listen(server, options.port ?? 0, host);
  const url = `http://${host}:${port}`;
  const state: EmulatorState = {
    url,
    iyzico: {
      apiKey: options.iyzico?.apiKey ?? `sandbox-${randomAlphanumeric(32)}`,
      secretKey: options.iyzico?.secretKey ?? `sandbox-${randomAlphanumeric(32)}`,
      merchantId: options.iyzico?.merchantId ?? randomDigits(7),
    },
    paytr: {
      merchantId: options.paytr?.merchantId ?? randomDigits(6),
      merchantKey: options.paytr?.merchantKey ?? randomAlphanumeric(16),
      merchantSalt: options.paytr?.merchantSalt ?? randomAlphanumeric(16),
    },
    targets: { ...(options.serviceUrl === undefined ? {} : targetsOf(options.serviceUrl)), ...options.targets },
    dispatcher: new Dispatcher({ timeScale: options.timeScale ?? 1, timeoutMs: options.deliveryTimeoutMs ?? 10_000 }),
    iyzicoPayments: new Map(),
    paytrPayments: new Map(),
    iyzicoSubscriptions: new Map(),
    down: false,
    nextPaymentId: 25_000_000 + Math.floor(Math.random() * 1_000_000),
  };
  const router = new Router()
    .on('POST', '/payment/3dsecure/initialize', initializeThreeDs(state))
    .on('POST', '/payment/v2/3dsecure/auth', authThreeDs(state))
    .on('POST', '/payment/detail', paymentDetail(state))
    .on('GET', '/v2/subscription/subscriptions/:subscriptionReferenceCode', subscriptionDetail(state))
    .on('POST', '/v2/subscription/subscriptions/:subscriptionReferenceCode/cancel', cancelSubscription(state))
    .on('GET', '/v2/subscription/pricing-plans/:pricingPlanReferenceCode', pricingPlanDetail(state))
    .on('POST', '/_emulator/iyzico/3ds/:paymentId', threeDsOutcome(state))
    .on('POST', '/odeme/api/get-token', getToken(state))
    .on('GET', '/odeme/guvenli/:token', iframePage(state))
    .on('POST', '/odeme/durum-sorgu', statusQuery(state))
    .on('POST', '/_emulator/paytr/payments/:token', iframeOutcome(state));
  controlRoutes(router, state);
  server.on('request', (request, response) => {
    router
      .handle(request, response, () => state.down)
      .catch(() => {
        if (!response.headersSent) sendJson(response, 500, { error: 'emulator defect' });
        else response.destroy();
      });
  });
  return {
    url,
    iyzico: state.iyzico,
    paytr: state.paytr,
    completeThreeDs: (paymentId, outcome) => completeThreeDs(state, paymentId, outcome),
    payIframe: async (token, outcome) => (await payIframe(state, token, outcome))?.firstDelivery,
    createSubscription: (plan) => createSubscription(state, plan),
    subscription: (reference) => state.iyzicoSubscriptions.get(reference),
    sendSubscriptionOrder: (order, amountMinor) => {
      recordOrder(state, order, amountMinor);
      return sendSubscriptionWebhook(state, order);
    },
    setTargets: (targets) => Object.assign(state.targets, targets),
    setDown: (down) => {
      state.down = down;
    },
    deliveries: () => state.dispatcher.attempts(),
    whenSettled: async (timeoutMs = 30_000) => {
      if (!(await state.dispatcher.waitSettled(timeoutMs)))
        throw new Error(`payment callbacks not settled after ${timeoutMs} ms (${state.dispatcher.pendingCount()} pending)`);
    },
    close: () => {
      state.dispatcher.close();
      return new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
};
