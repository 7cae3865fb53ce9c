import type { ServerResponse } from 'node:http';
import { decimalNumber, signedText } from '../amounts.js';
import { hmacHex } from '../crypto.js';
import { sendJson } from '../http/router.js';
import type { IyzicoPayment } from '../state.js';

/** iyzico's failure answer (HTTP 200, `status: failure`). */
export const failure = (response: ServerResponse, errorCode: string, errorMessage: string, conversationId?: unknown): void =>
  sendJson(response, 200, {
    status: 'failure',
    errorCode,
    errorMessage,
    locale: 'tr',
    systemTime: Date.now(),
    ...(typeof conversationId === 'string' ? { conversationId } : {}),
  });

/**
 * The payment fields of an auth or detail answer, signed as iyzico signs them (reference §1.5):
 * hex HMAC-SHA256 over `paymentId:currency:basketId:conversationId:paidPrice:price`, the amounts
 * as numbers without trailing zeros.
 */
export const signedPayment = (secretKey: string, payment: IyzicoPayment) => ({
  price: decimalNumber(payment.priceMinor),
  paidPrice: decimalNumber(payment.paidPriceMinor),
  installment: 1,
  paymentId: payment.paymentId,
  fraudStatus: 1,
  currency: payment.currency,
  basketId: payment.basketId,
  conversationId: payment.conversationId,
  binNumber: '552879',
  lastFourDigits: payment.lastFourDigits,
  cardType: 'CREDIT_CARD',
  cardAssociation: 'MASTER_CARD',
  phase: 'AUTH',
  mdStatus: Number(payment.mdStatus ?? 0),
  authCode: '123456',
  hostReference: `mock${payment.paymentId}`,
  itemTransactions: [
    {
      itemId: payment.basketId,
      paymentTransactionId: `${payment.paymentId}1`,
      transactionStatus: 2,
      price: decimalNumber(payment.priceMinor),
      paidPrice: decimalNumber(payment.paidPriceMinor),
    },
  ],
  signature: hmacHex(
    secretKey,
    [
      payment.paymentId,
      payment.currency,
      payment.basketId,
      payment.conversationId,
      signedText(payment.paidPriceMinor),
      signedText(payment.priceMinor),
    ].join(':'),
  ),
});
