import { hmacHex, randomUUID } from '../crypto.js';
import type { DeliveryAttempt } from '../deliveries/dispatcher.js';
import { IYZICO_SCHEDULE_MS } from '../deliveries/retry-schedules.js';
import type { EmulatorState, IyzicoPayment } from '../state.js';

const SIGNATURE_HEADER = 'X-IYZ-SIGNATURE-V3';

/** One signed iyzico JSON webhook, retried on iyzico's schedule until a 2xx. */
const sendSigned = (
  state: EmulatorState,
  kind: 'iyzico-webhook' | 'iyzico-subscription',
  reference: string,
  url: string,
  body: string,
  signature: string,
) =>
  state.dispatcher.send({
    kind,
    reference,
    url,
    headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature, 'user-agent': 'payments-emulator/iyzico' },
    body,
    schedule: IYZICO_SCHEDULE_MS,
    accepts: (status) => status >= 200 && status < 300,
  });

/**
 * Sends iyzico's payment webhook for a payment, direct format (reference §2.2), signed with
 * `X-IYZ-SIGNATURE-V3` = hex HMAC-SHA256(secretKey, secretKey + iyziEventType + paymentId +
 * paymentConversationId + status), retried on iyzico's schedule.
 */
export const sendPaymentWebhook = (
  state: EmulatorState,
  payment: IyzicoPayment,
  eventType: string,
  status: string,
): Promise<DeliveryAttempt | undefined> => {
  const url = state.targets.iyzicoWebhookUrl;
  if (url === undefined) return Promise.resolve(undefined);
  const { secretKey, merchantId } = state.iyzico;
  const body = JSON.stringify({
    paymentConversationId: payment.conversationId,
    merchantId: Number(merchantId),
    paymentId: Number(payment.paymentId),
    status,
    iyziReferenceCode: randomUUID(),
    iyziEventType: eventType,
    iyziEventTime: Date.now(),
    iyziPaymentId: Number(payment.paymentId),
  });
  return sendSigned(
    state,
    'iyzico-webhook',
    payment.paymentId,
    url,
    body,
    hmacHex(secretKey, secretKey + eventType + payment.paymentId + payment.conversationId + status),
  );
};

/** One subscription order to notify. */
export interface SubscriptionOrder {
  readonly subscriptionReferenceCode: string;
  readonly orderReferenceCode: string;
  readonly customerReferenceCode: string;
  readonly outcome: 'success' | 'failure';
}

/**
 * Sends iyzico's subscription webhook for one order (reference §3): no amount, no merchantId in the
 * body; `X-IYZ-SIGNATURE-V3` = hex HMAC-SHA256(secretKey, merchantId + secretKey + iyziEventType +
 * subscriptionReferenceCode + orderReferenceCode + customerReferenceCode), the order of iyzico's code samples.
 */
export const sendSubscriptionWebhook = (state: EmulatorState, order: SubscriptionOrder): Promise<DeliveryAttempt | undefined> => {
  const url = state.targets.iyzicoSubscriptionUrl;
  if (url === undefined) return Promise.resolve(undefined);
  const { secretKey, merchantId } = state.iyzico;
  const eventType = `subscription.order.${order.outcome}`;
  const body = JSON.stringify({
    orderReferenceCode: order.orderReferenceCode,
    customerReferenceCode: order.customerReferenceCode,
    subscriptionReferenceCode: order.subscriptionReferenceCode,
    iyziReferenceCode: randomUUID(),
    iyziEventType: eventType,
    iyziEventTime: Date.now(),
  });
  const signature = hmacHex(
    secretKey,
    merchantId + secretKey + eventType + order.subscriptionReferenceCode + order.orderReferenceCode + order.customerReferenceCode,
  );
  return sendSigned(state, 'iyzico-subscription', order.orderReferenceCode, url, body, signature);
};
