import * as E from 'fp-ts/lib/Either.js';
import type { Logger, PaymentTransaction } from '@idv/core';
import type { ProviderGateway } from '../iyzico/iyzico-gateway.js';
import { minorOf, twoDigitAmount } from '../shared/amounts.js';
import { hmacBase64 } from '../shared/mac.js';
import { postToProvider, textOf, type ProviderTransport } from '../shared/provider-http.js';

/** PayTR's merchant credentials and where the payer's browser goes afterwards. */
export interface PaytrGatewayOptions {
  readonly merchantId: string;
  readonly merchantKey: string;
  readonly merchantSalt: string;
  /** `PAYTR_BASE_URL`, e.g. `https://www.paytr.com`. */
  readonly baseUrl: string;
  /** `PAYTR_TEST_MODE`: PayTR's `test_mode=1` (test cards on a live store). */
  readonly testMode: boolean;
  /** Where the iFrame sends the browser after paying (PayTR's `merchant_ok_url`/`merchant_fail_url`): `PAYMENT_RESULT_URL`. */
  readonly resultUrl: string;
  /** Minutes the payer has (PayTR's `timeout_limit`): `PAYMENT_PENDING_TTL_MINUTES`. */
  readonly timeoutMinutes: number;
  readonly transport: ProviderTransport;
  readonly logger: Logger;
}

const FORM = { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' };

/** PayTR writes Turkish lira as `TL` (reference §4.1). */
const paytrCurrency = (currency: string): string => (currency === 'TRY' ? 'TL' : currency);

const resultUrl = (base: string, merchantReference: string, status: string): string => {
  const url = new URL(base);
  url.searchParams.set('ref', merchantReference);
  url.searchParams.set('status', status);
  return url.toString();
};

/**
 * PayTR's iFrame API over `fetch`: get-token (`paytr_token`, base64 HMAC-SHA256 keyed with the
 * merchant key over `merchant_id + user_ip + merchant_oid + email + payment_amount + user_basket +
 * no_installment + max_installment + currency + test_mode + merchant_salt`) and the status query
 * (`durum-sorgu`, token over `merchant_id + merchant_oid + merchant_salt`). PayTR has no 3DS
 * completion of ours: its iFrame finishes the payment and notifies.
 *
 * @example
 * const paytr = createPaytrGateway({ merchantId, merchantKey, merchantSalt, baseUrl, testMode: false, resultUrl, timeoutMinutes: 30, transport, logger });
 */
export const createPaytrGateway = (options: PaytrGatewayOptions): ProviderGateway => ({
  initialize: async (request) => {
    const { buyer } = request;
    if (buyer.email === null) return E.left({ _tag: 'Refused', code: 'paytr:email_required' });
    const oid = request.merchantReference;
    const amount = String(request.amountMinor);
    const basket = Buffer.from(JSON.stringify([[request.description, twoDigitAmount(request.amountMinor), 1]]), 'utf8').toString('base64');
    const currency = paytrCurrency(request.currency);
    const testMode = options.testMode ? '1' : '0';
    const hashed = options.merchantId + buyer.ip + oid + buyer.email + amount + basket + '0' + '0' + currency + testMode;
    const name = [buyer.details.name, buyer.details.surname].filter((part) => part !== undefined).join(' ') || buyer.email.split('@')[0]!;
    const form = new URLSearchParams({
      merchant_id: options.merchantId,
      user_ip: buyer.ip,
      merchant_oid: oid,
      email: buyer.email,
      payment_amount: amount,
      paytr_token: hmacBase64(options.merchantKey, hashed + options.merchantSalt),
      user_basket: basket,
      debug_on: '0',
      no_installment: '0',
      max_installment: '0',
      user_name: name,
      user_address:
        [buyer.details.address, buyer.details.city, buyer.details.country].filter((part) => part !== undefined).join(', ') ||
        'Not provided',
      user_phone: buyer.details.phone ?? '0000000000',
      merchant_ok_url: resultUrl(options.resultUrl, oid, 'pending'),
      merchant_fail_url: resultUrl(options.resultUrl, oid, 'failed'),
      timeout_limit: String(options.timeoutMinutes),
      currency,
      test_mode: testMode,
      lang: 'tr',
    });
    const answer = await postToProvider(options.transport, `${options.baseUrl}/odeme/api/get-token`, {
      headers: FORM,
      body: form.toString(),
    });
    if (answer.kind === 'unreachable') return E.left({ _tag: 'Unavailable', reason: answer.reason });
    const token = textOf(answer.body['token']);
    if (answer.body['status'] !== 'success' || token === undefined || !/^[A-Za-z0-9]{1,128}$/.test(token)) {
      options.logger.warn(
        { merchantReference: oid, reason: textOf(answer.body['reason'])?.slice(0, 200) },
        'PayTR refused the iFrame token',
      );
      return E.left({ _tag: 'Refused', code: 'paytr:token_refused' });
    }
    return E.right({
      providerPaymentId: null,
      providerToken: token,
      clientAction: { kind: 'paytrIframe', token, url: `${options.baseUrl}/odeme/guvenli/${token}` },
    });
  },

  completeThreeDs: async (transaction: PaymentTransaction) => {
    throw new Error(`PayTR payments complete in PayTR's iFrame, not through a 3DS auth call (${transaction.id})`);
  },

  queryStatus: async (transaction) => {
    const oid = transaction.merchantReference;
    const form = new URLSearchParams({
      merchant_id: options.merchantId,
      merchant_oid: oid,
      paytr_token: hmacBase64(options.merchantKey, options.merchantId + oid + options.merchantSalt),
    });
    const answer = await postToProvider(options.transport, `${options.baseUrl}/odeme/durum-sorgu`, {
      headers: FORM,
      body: form.toString(),
    });
    if (answer.kind === 'unreachable') throw new Error(`PayTR ${answer.reason}`);
    // An error answer (no such paid order) settles nothing: the payment expires when its time is up.
    if (answer.body['status'] !== 'success') return { status: 'pending' };
    const paid = minorOf(answer.body['payment_total']);
    if (paid === undefined) throw new Error('PayTR /odeme/durum-sorgu: payment_total is not an amount');
    return { status: 'succeeded', paidAmountMinor: paid };
  },
});
