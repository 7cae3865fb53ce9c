import { minorOfDecimal } from '../amounts.js';
import { sendJson, type Exchange } from '../http/router.js';
import type { EmulatorState, IyzicoPayment } from '../state.js';
import { failure, signedPayment } from './answers.js';
import { sendPaymentWebhook } from './iyzico-webhooks.js';
import { checkIyzws } from './iyzws.js';

const parse = (body: string): Record<string, unknown> | undefined => {
  try {
    const value: unknown = JSON.parse(body);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
};

/** A request about one payment: IYZWSv2 checked and the payment found, or the failure already answered. */
const paymentRequest = (
  state: EmulatorState,
  exchange: Exchange,
): { readonly body: Record<string, unknown>; readonly payment: IyzicoPayment } | undefined => {
  const auth = checkIyzws(exchange.request, exchange.path, exchange.body, state.iyzico);
  if (!auth.ok) return void failure(exchange.response, auth.errorCode, auth.errorMessage);
  const body = parse(exchange.body);
  const payment = body === undefined ? undefined : state.iyzicoPayments.get(String(body['paymentId']));
  if (body === undefined || payment === undefined)
    return void failure(exchange.response, '5115', 'Ödeme bulunamadı', body?.['conversationId']);
  return { body, payment };
};

/**
 * `POST /payment/v2/3dsecure/auth` (reference §1.5): takes the money of a payment whose payer
 * passed 3DS (`mdStatus` 1), once; `paidPrice`, `basketId` and `currency` must match initialize.
 * Answers the signed payment and, 10 seconds later (scaled), iyzico's `THREE_DS_AUTH` webhook.
 */
export const authThreeDs =
  (state: EmulatorState) =>
  (exchange: Exchange): void => {
    const found = paymentRequest(state, exchange);
    if (found === undefined) return;
    const { body, payment } = found;
    if (payment.status === 'SUCCESS')
      return failure(exchange.response, '10218', 'Bu ödeme daha önce sonuçlandırılmış', body['conversationId']);
    if (payment.status !== 'CALLBACK_THREEDS' || payment.mdStatus !== '1')
      return failure(exchange.response, '10217', '3DS doğrulaması tamamlanmamış', body['conversationId']);
    if (
      minorOfDecimal(body['paidPrice']) !== payment.paidPriceMinor ||
      body['basketId'] !== payment.basketId ||
      body['currency'] !== payment.currency
    ) {
      return failure(exchange.response, '5171', 'paidPrice, basketId ve currency başlatma ile aynı olmalıdır', body['conversationId']);
    }
    payment.status = 'SUCCESS';
    sendJson(exchange.response, 200, {
      status: 'success',
      locale: 'tr',
      systemTime: Date.now(),
      ...signedPayment(state.iyzico.secretKey, payment),
    });
    void sendPaymentWebhook(state, payment, 'THREE_DS_AUTH', 'SUCCESS');
  };

/**
 * `POST /payment/detail`: a payment's current state; a settled one signed like the auth answer.
 * An unknown payment is iyzico's failure `5115`.
 */
export const paymentDetail =
  (state: EmulatorState) =>
  (exchange: Exchange): void => {
    const payment = paymentRequest(state, exchange)?.payment;
    if (payment === undefined) return;
    sendJson(exchange.response, 200, {
      status: 'success',
      locale: 'tr',
      systemTime: Date.now(),
      paymentStatus: payment.status,
      ...(payment.status === 'FAILURE' ? { errorCode: '10217', errorMessage: '3DS doğrulaması başarısız' } : {}),
      ...signedPayment(state.iyzico.secretKey, payment),
    });
  };
