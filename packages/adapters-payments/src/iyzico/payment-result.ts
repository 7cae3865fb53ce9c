import * as E from 'fp-ts/lib/Either.js';
import type { PaymentTransaction, ProviderVerdict } from '@idv/core';
import { minorOf, signedAmount } from '../shared/amounts.js';
import { hexEqual, hmacHex } from '../shared/mac.js';
import { textOf } from '../shared/provider-http.js';

/**
 * Checks a successful iyzico payment answer (3DS auth, `/payment/detail`) against what we asked
 * (reference §1.5, §1.8): its signature, hex HMAC-SHA256 over
 * `paymentId:currency:basketId:conversationId:paidPrice:price` with the amounts trimmed of trailing
 * zeros, then the payment id, references, currency and price. A Left names the first problem (no values).
 */
export const checkedPaymentResult = (
  secretKey: string,
  body: Readonly<Record<string, unknown>>,
  transaction: PaymentTransaction,
): E.Either<string, { readonly paidAmountMinor: number; readonly fraudStatus: string | undefined }> => {
  const [paymentId, currency, basketId, conversationId, paidPrice, price, signature] = [
    'paymentId',
    'currency',
    'basketId',
    'conversationId',
    'paidPrice',
    'price',
    'signature',
  ].map((name) => textOf(body[name]));
  if (
    paymentId === undefined ||
    currency === undefined ||
    basketId === undefined ||
    conversationId === undefined ||
    paidPrice === undefined ||
    price === undefined
  ) {
    return E.left('answer lacks a signed field');
  }
  if (signature === undefined) return E.left('answer is not signed');
  const data = [paymentId, currency, basketId, conversationId, signedAmount(paidPrice), signedAmount(price)].join(':');
  if (!hexEqual(hmacHex(secretKey, data), signature)) return E.left('answer signature does not verify');
  if (transaction.providerPaymentId !== null && paymentId !== transaction.providerPaymentId) return E.left('answer names another payment');
  if (conversationId !== transaction.merchantReference || basketId !== transaction.merchantReference)
    return E.left('answer names other references');
  if (currency !== transaction.currency) return E.left('answer names another currency');
  const paidAmountMinor = minorOf(paidPrice);
  if (minorOf(price) !== transaction.amountMinor || paidAmountMinor === undefined) return E.left('answer names another amount');
  return E.right({ paidAmountMinor, fraudStatus: textOf(body['fraudStatus']) });
};

/** reference §1.5: `fraudStatus` 1 approved, 0 under review, -1 declined. */
export const verdictOfFraudStatus = (paidAmountMinor: number, fraudStatus: string | undefined): ProviderVerdict => {
  if (fraudStatus === '0') return { status: 'under_review' };
  if (fraudStatus === '-1') return { status: 'failed', code: 'iyzico:fraud' };
  return { status: 'succeeded', paidAmountMinor };
};

/** An iyzico failure answer's code (`iyzico:10051`), never its message (which may echo input). */
export const iyzicoFailureCode = (body: Readonly<Record<string, unknown>>): string =>
  `iyzico:${
    textOf(body['errorCode'])
      ?.replace(/[^A-Za-z0-9_.-]/g, '')
      .slice(0, 40) || 'failure'
  }`;
